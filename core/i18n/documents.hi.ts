// The customer's PDFs in Hindi (issue 23), written by us in plain Hindi. Legal meaning exactly that
// of documents.en.ts; every figure, date, name and number arrives as a value and is printed as is.
import type { documentsEn } from "./documents.en.ts";

export const documentsHi: Record<keyof typeof documentsEn, string> = {
  "documents.pageOf": "पृष्ठ {page} / {of}",
  "documents.generatedNoSignature": "यह {doc} इलेक्ट्रॉनिक रूप से बनाया गया है, इस पर हस्ताक्षर की ज़रूरत नहीं है।",
  "documents.date": "तारीख: {date}",

  "documents.kfs.title": "मुख्य तथ्य विवरण (KFS)",
  "documents.kfs.proposalLine": "प्रस्ताव संख्या {number}",
  "documents.kfs.footer": "{title} · प्रस्ताव {number}",
  "documents.kfs.rupeesNote": "सभी राशियाँ भारतीय रुपये (₹) में हैं।",
  "documents.kfs.partA": "भाग A: लोन के बारे में",
  "documents.kfs.partB": "भाग B: दूसरी ज़रूरी जानकारी",
  "documents.kfs.proposalNumber": "प्रस्ताव संख्या",
  "documents.kfs.issuedOn": "इस विवरण की तारीख",
  "documents.kfs.lender": "लोन देने वाली कंपनी",
  "documents.kfs.borrower": "लोन लेने वाले",
  "documents.kfs.purpose": "लोन किस काम के लिए",
  "documents.kfs.loanAmount": "लोन राशि (मंज़ूर)",
  "documents.kfs.tenure": "लोन की अवधि",
  "documents.kfs.tenureValue": "{days} दिन",
  "documents.kfs.interestRate": "ब्याज दर",
  "documents.kfs.interestRateValue": "लोन राशि का {rate} प्रति दिन, फ़्लैट (तय दर)",
  "documents.kfs.interestAmount": "कुल ब्याज",
  "documents.kfs.processingFee": "प्रोसेसिंग फ़ीस (लोन राशि का {percent})",
  "documents.kfs.gst": "प्रोसेसिंग फ़ीस पर GST ({percent})",
  "documents.kfs.totalCharges": "कुल फ़ीस और शुल्क (लोन भेजने से पहले काटे जाते हैं)",
  "documents.kfs.netDisbursed": "आपके खाते में आने वाली राशि",
  "documents.kfs.totalPayable": "आपको कुल कितना चुकाना है",
  "documents.kfs.repayment": "भुगतान",
  "documents.kfs.repaymentValue": "{date} को {amount} का एक ही भुगतान",
  "documents.kfs.apr": "सालाना प्रतिशत दर (APR)",
  "documents.kfs.aprValue": "{apr}% (ब्याज, फ़ीस और GST, आपके खाते में आई राशि के हिसाब से, साल भर का: (कुल चुकाने वाली राशि / खाते में आई राशि − 1) × 365 / {days})",
  "documents.kfs.penal": "देर से भुगतान का शुल्क (सिर्फ़ देर होने पर)",
  "documents.kfs.penalValue":
    "भुगतान की तारीख के बाद हर दिन के लिए बकाया लोन राशि का {rate}, और कुल मिलाकर लोन राशि के {cap} से ज़्यादा नहीं। यह शुल्क है, ब्याज नहीं: इसे ब्याज दर में कभी नहीं जोड़ा जाता और इस पर ब्याज भी नहीं लगता।",
  "documents.kfs.coolingOff": "कूलिंग-ऑफ़ अवधि (सोचने का समय)",
  "documents.kfs.coolingOffValue":
    "जिस दिन लोन आपके बैंक खाते में आता है, उस दिन से {days} दिन (अगर लोन {issued} को आता है तो {until} तक): इस दौरान आप लोन राशि और जितने दिन पैसा आपके पास रहा उतने दिन का ब्याज (उसी अनुपात में APR) चुकाकर, बिना किसी जुर्माने के लोन बंद कर सकते हैं। प्रोसेसिंग फ़ीस और उस पर लगा GST वापस नहीं होता।",
  "documents.kfs.grievance": "शिकायत निवारण अधिकारी",
  "documents.kfs.grievanceValue":
    "{officer}; ई-मेल {email}; फ़ोन {phone}। अगर आपकी शिकायत {days} दिन में हल नहीं होती, तो आप RBI के एकीकृत लोकपाल (Integrated Ombudsman) से {url} पर शिकायत कर सकते हैं।",
  "documents.kfs.recovery": "वसूली का तरीका",
  "documents.kfs.recoveryValue":
    "याद दिलाने के लिए SMS, ई-मेल और फ़ोन सिर्फ़ {brand} के अपने कर्मचारी करते हैं, और सिर्फ़ सुबह 8 से शाम 7 बजे के बीच। आज कोई रिकवरी एजेंट नहीं रखा गया है; अगर कभी रखा गया, तो उसका नाम और संपर्क आपको पहले से बताया जाएगा। न परेशान करना, न धमकी, न आपके परिवार, दोस्तों या ऑफ़िस से संपर्क।",
  "documents.kfs.moneyFlow": "लोन का पैसा आना और भुगतान",
  "documents.kfs.moneyFlowValue":
    "राशि सीधे आपके सत्यापित बैंक खाते में भेजी जाती है, और आप सीधे {lender} के खाते में भुगतान करते हैं; बीच में कोई और खाता नहीं होता। ग्राहक सेवा: {email}, {phone}।",
};
