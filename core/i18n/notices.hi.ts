// Issue 23: the purpose notices in our own plain Hindi (same placeholders as notices.en.ts).
import type { noticesEn } from "./notices.en.ts";

const WITHDRAW_AT_ANY_TIME = "डैशबोर्ड में 'मेरा डेटा' खोलें और इस काम के सामने 'सहमति वापस लें' दबाएँ। सहमति वापस लेना उतना ही आसान है जितना देना।";

export const noticesHi: Record<keyof typeof noticesEn, string> = {
  "notice.lending_servicing.title": "लोन देना और लोन की सेवा",
  "notice.lending_servicing.data": "आपका मोबाइल नंबर, नाम, जन्म तारीख, पता, नौकरी और आमदनी, बैंक खाता, लोन की शर्तें और हर भुगतान।",
  "notice.lending_servicing.why":
    "आपके आवेदन को जाँचने, लोन के पैसे भेजने, भुगतान लेने, आपकी शिकायतों का जवाब देने और लोन देने वाली कंपनी के रूप में अपनी कानूनी ज़िम्मेदारियाँ निभाने के लिए।",
  "notice.lending_servicing.kept":
    "जब तक आप हमारे ग्राहक हैं, और फिर आपका आखिरी लोन बंद होने के पाँच साल बाद तक, जैसा मनी लॉन्ड्रिंग रोकने के नियम और RBI के KYC निर्देश कहते हैं।",
  "notice.lending_servicing.withdraw": `${WITHDRAW_AT_ANY_TIME} जब तक कोई लोन चालू है, उसकी सेवा और वसूली के लिए हमें उसके रिकॉर्ड रखने और इस्तेमाल करने पड़ेंगे।`,
  "notice.identity_checks.title": "पहचान की जाँच (PAN और DigiLocker)",
  "notice.identity_checks.data": "आपका PAN, और DigiLocker से आपका नाम, जन्म तारीख, लिंग, पता और आधार के आखिरी 4 अंक। पूरा आधार नंबर हम कभी नहीं रखते।",
  "notice.identity_checks.why": "लोन देने से पहले यह पक्का करने के लिए कि आप वही हैं जो आप बता रहे हैं, जैसा RBI के KYC निर्देश कहते हैं।",
  "notice.identity_checks.kept": "आपका आखिरी लोन बंद होने के पाँच साल बाद तक (RBI के KYC निर्देश और मनी लॉन्ड्रिंग रोकने के नियम)।",
  "notice.identity_checks.withdraw": `${WITHDRAW_AT_ANY_TIME} इसके बिना हम नया लोन शुरू नहीं कर सकते।`,
  "notice.credit_bureau.title": "क्रेडिट ब्यूरो से जाँच",
  "notice.credit_bureau.data": "आपका नाम, PAN, जन्म तारीख और मोबाइल नंबर क्रेडिट ब्यूरो को भेजे जाते हैं; बदले में हमें आपका क्रेडिट स्कोर और रिपोर्ट मिलती है।",
  "notice.credit_bureau.why":
    "यह तय करने के लिए कि हम आपको लोन दे सकते हैं या नहीं, और कितना। लोन चालू रहने तक हम उसकी जानकारी भी ब्यूरो को भेजते हैं, जैसा कानून हर लोन देने वाले से माँगता है।",
  "notice.credit_bureau.kept": "स्कोर और उससे लिया गया फ़ैसला आपके लोन के रिकॉर्ड के साथ रखा जाता है; जिस जाँच के बाद लोन नहीं हुआ, वह 12 महीने बाद मिटा दी जाती है।",
  "notice.credit_bureau.withdraw": `${WITHDRAW_AT_ANY_TIME} हम आपकी रिपोर्ट दोबारा नहीं निकालेंगे; चालू लोन की जानकारी ब्यूरो को जाती रहेगी, जैसा कानून कहता है।`,
  "notice.account_aggregator.title": "अकाउंट एग्रीगेटर से बैंक स्टेटमेंट",
  "notice.account_aggregator.data": "आपके चुने हुए बैंक खाते के छह महीने के स्टेटमेंट, जो RBI से लाइसेंस पाए अकाउंट एग्रीगेटर के ज़रिए एक बार लिए जाते हैं।",
  "notice.account_aggregator.why": "आपकी सैलरी पक्की करने और यह समझने के लिए कि आप कितना चुका सकते हैं।",
  "notice.account_aggregator.kept": "आपके लोन आवेदन के रिकॉर्ड के साथ, लोन बंद होने के पाँच साल बाद तक; अगर लोन नहीं हुआ, तो 12 महीने।",
  "notice.account_aggregator.withdraw": `${WITHDRAW_AT_ANY_TIME} हम आगे कुछ नहीं लेंगे; चाहें तो स्टेटमेंट आप खुद अपलोड कर सकते हैं।`,
  "notice.reminders.title": "लोन चुकाने की याद दिलाना",
  "notice.reminders.data": "आपका मोबाइल नंबर, ई-मेल पता, और लोन चुकाने की तारीख व रकम।",
  "notice.reminders.why": "चुकाने की तारीख से पहले और उस दिन, और भुगतान देर होने पर, आपको SMS और ई-मेल से याद दिलाने के लिए।",
  "notice.reminders.kept": "भेजे गए मैसेज आपके लोन के रिकॉर्ड के साथ रखे जाते हैं।",
  "notice.reminders.withdraw": `${WITHDRAW_AT_ANY_TIME} याद दिलाना तुरंत बंद हो जाएगा; पर रकम चुकाने की तारीख वही रहेगी।`,
  "notice.marketing.title": "SMS और ई-मेल से ऑफ़र",
  "notice.marketing.data": "आपका मोबाइल नंबर, ई-मेल पता और पहला नाम।",
  "notice.marketing.why": "आपको नए लोन ऑफ़र के बारे में बताने के लिए। आपकी जानकारी हम किसी और के प्रचार के लिए न बेचते हैं, न देते हैं।",
  "notice.marketing.kept": "जब तक आप सहमति वापस न लें, या आपका आखिरी लोन बंद होने के 12 महीने बाद तक, जो भी पहले हो।",
  "notice.marketing.withdraw": `${WITHDRAW_AT_ANY_TIME} ऑफ़र तुरंत बंद हो जाएँगे।`,
  "notice.tracking.title": "एनालिटिक्स और विज्ञापन ट्रैकिंग",
  "notice.tracking.data": "किस विज्ञापन या लिंक से आप हम तक पहुँचे (कैंपेन की जानकारी और क्लिक ID), और साइन इन या भुगतान जैसे काम।",
  "notice.tracking.why": "यह जानने के लिए कि हमारे कौन-से विज्ञापन काम करते हैं। आपके लोन के फ़ैसले में इसका कोई इस्तेमाल नहीं होता।",
  "notice.tracking.kept": "जब तक आप सहमति वापस न लें, या जानकारी मिलने के 12 महीने बाद तक।",
  "notice.tracking.withdraw": `${WITHDRAW_AT_ANY_TIME} बिना अकाउंट वाले विज़िटर वेबसाइट के कुकी बैनर पर अपनी पसंद चुनते हैं। ट्रैकिंग तुरंत बंद हो जाएगी।`,
  "notice.ask.heading": "आगे बढ़ने से पहले: {title}",
  "notice.ask.data": "कौन-सा डेटा",
  "notice.ask.why": "किसलिए",
  "notice.ask.kept": "कब तक रखेंगे",
  "notice.ask.withdraw": "सहमति कैसे वापस लें",
  "notice.ask.agree": "मैं अपने डेटा के इस इस्तेमाल के लिए सहमत हूँ",
  "notice.ask.version": "नोटिस का वर्शन {version}",
  "notice.withdrawn": "आपने “{title}” की सहमति वापस ले ली है, इसलिए हमने यह कदम रोक दिया है। अगर आप यह सहमति फिर से देना चाहते हैं, तो हमसे संपर्क करें।",
  "notice.needed": "आगे बढ़ने से पहले कृपया नोटिस पढ़ें और सहमति के लिए बॉक्स पर टिक करें।",
};
