// Issue 33: CKYC in the journey, in our own plain Hindi.
import type { ckycEn } from "./ckyc.en.ts";

export const ckycHi: Record<keyof typeof ckycEn, string> = {
  "ckyc.panFirst": "कृपया पहले अपना PAN सत्यापित करें: हम CKYC रजिस्ट्री में आपका रिकॉर्ड PAN से ही खोजते हैं।",
  "ckyc.notFound": "आपके PAN पर कोई CKYC रिकॉर्ड नहीं मिला। कृपया अपना आवेदन आगे बढ़ाएँ।",
  "ckyc.serviceDown": "CKYC रजिस्ट्री अभी जवाब नहीं दे रही है। कृपया कुछ मिनट बाद फिर कोशिश करें, या इसके बिना आगे बढ़ें।",
  "ckyc.authFailed": "जन्म की तारीख़ या कोड आपके CKYC रिकॉर्ड से मेल नहीं खाता। कृपया जाँच कर फिर कोशिश करें।",
  "ckyc.authNeeded": "कृपया अपनी जन्म की तारीख़ डालें, या वह 6 अंकों का कोड जो CKYC रजिस्ट्री ने आपके मोबाइल पर भेजा है।",
  "ckyc.notYours": "यह CKYC रिकॉर्ड आपके PAN का नहीं है, इसलिए हमने इसका इस्तेमाल नहीं किया।",
  "ckyc.nothingToConfirm": "पुष्टि के लिए CKYC का कोई ब्योरा बाकी नहीं है।",
  "ckyc.relativeKind": "कृपया चुनें कि यह आपके पिता का नाम है या पति/पत्नी का।",
  "ckyc.searched": "हमने केंद्रीय KYC रजिस्ट्री में खोज कर ली है।",
  "ckyc.codeSent": "CKYCR ने आपके मोबाइल {sent_to} पर कोड भेजा है।",
  "ckyc.downloaded": "कृपया अपने CKYC रिकॉर्ड का हर ब्योरा जाँच कर उसकी पुष्टि करें।",
  "ckyc.saved": "सेव हो गया।",
  "ckyc.relativeName": "कृपया पूरा नाम अंग्रेज़ी अक्षरों में लिखें (अक्षर, खाली जगह, बिंदु, हाइफ़न और एपॉस्ट्रॉफ़ी, 100 तक)।",
};
