// Issue 23: the customer's SMS and e-mails in our own plain Hindi (same placeholders as messages.en.ts).
// SMS in Hindi are registered with DLT as Unicode templates of their own.
import type { messagesEn } from "./messages.en.ts";

export const messagesHi: Record<keyof typeof messagesEn, string> = {
  "messages.otp":
    "{code} SalaryOnTime पर {purpose, select, login {लॉगिन} esign {लोन एग्रीमेंट साइन करने} other {लोन चुकाने}} के लिए आपका कोड है। यह 5 मिनट तक ही चलेगा। इसे किसी को न बताएँ, हमारे स्टाफ़ को भी नहीं।",

  "messages.sms.loan_closed": "आपका SalaryOnTime लोन {loan_no} पूरा चुक गया है और बंद हो गया है। आपका नो ड्यूज़ सर्टिफ़िकेट डैशबोर्ड में है। धन्यवाद।",
  "messages.sms.loan_rejected": "SalaryOnTime: माफ़ कीजिए, हम आपका लोन आवेदन मंज़ूर नहीं कर पाए, क्योंकि {reason} आप कुछ समय बाद फिर से आवेदन कर सकते हैं।",
  "messages.sms.loan_disbursed":
    "SalaryOnTime: लोन {loan_no} के {amount} आपके बैंक खाते में भेज दिए गए हैं। कृपया {repayment_date} तक {total_due} चुकाएँ। {cooling_off_until} तक आप बिना किसी पेनल्टी के यह लोन रद्द कर सकते हैं।",
  "messages.sms.payout_reversed":
    "SalaryOnTime: लोन {loan_no} के लिए भेजे गए {amount} आपके बैंक ने लौटा दिए हैं, इसलिए यह लोन चालू नहीं है और आपको कुछ नहीं चुकाना है। पैसे दोबारा भेजने से पहले हम आपसे बात करेंगे।",
  "messages.sms.requote": "SalaryOnTime: आपके लोन ऑफ़र का समय निकल गया है। लोन के पैसे भेजने के लिए कृपया साइन इन करके नया ऑफ़र स्वीकार करें।",
  "messages.sms.reminder_upcoming": "SalaryOnTime: आपका लोन {loan_no} {repayment_date} को चुकाना है। चुकाने की रकम: {total_due}। जल्दी चुकाएँगे तो ब्याज कम लगेगा।",
  "messages.sms.reminder_due_today": "SalaryOnTime: आपका लोन {loan_no} आज चुकाना है। चुकाने की रकम: {total_due}। पेनल चार्ज से बचने के लिए आज ही चुकाएँ।",
  "messages.sms.reminder_due_today_autopay":
    "SalaryOnTime: आपका लोन {loan_no} आज चुकाना है। AutoPay ({method}) आज उसी खाते से {total_due} काटेगा जिस पर आपने AutoPay लगाया है, इसलिए अलग से भुगतान न करें। अगर उस खाते में पैसे कम हो सकते हैं, तो आज ही उसमें पैसे डाल दें। डेबिट न हो पाया तो हम आपको तुरंत Pay Now लिंक के साथ बताएँगे।",
  "messages.sms.reminder_overdue":
    "SalaryOnTime: आपके लोन {loan_no} की तारीख को {days} दिन बीत गए हैं। बकाया रकम: {total_due}, जिसमें {penal} पेनल चार्ज शामिल है। अभी चुकाएँ: {pay_link}",
  "messages.sms.signed_copies": "SalaryOnTime: आपका मुख्य तथ्य विवरण (KFS) और साइन किया हुआ लोन एग्रीमेंट तैयार है। देखने के लिए साइन इन करें: {link}",
  "messages.sms.refund_paid": "SalaryOnTime: लोन {loan_no} पर आपने जो {amount} ज़्यादा चुकाए थे, वे हमने {to} लौटा दिए हैं। बैंक में दिखने में कुछ दिन लग सकते हैं।",
  "messages.sms.bureau_overdue":
    "SalaryOnTime: आपके लोन {loan_no} की किस्त बकाया है ({total_due})। अगर यह नहीं चुकाई गई, तो क्रेडिट ब्यूरो को हमारी अगली रिपोर्ट में यह बकाया दिखेगी। अभी चुकाएँ: {pay_link}",
  "messages.sms.grievance_received": "SalaryOnTime: आपकी शिकायत दर्ज हो गई है। आपका रेफ़रेंस नंबर {reference} है। हमारे शिकायत अधिकारी आपको जवाब देंगे।",
  "messages.sms.grievance_replied": "SalaryOnTime: आपकी शिकायत {reference} पर हमने जवाब भेजा है। जवाब यहाँ पढ़ें: {link}",
  "messages.sms.grievance_ombudsman": "SalaryOnTime: आपकी शिकायत {reference} अभी तक हल नहीं हुई है। अब आप RBI के एकीकृत लोकपाल से यहाँ शिकायत कर सकते हैं: {portal}",
  "messages.sms.autopay_notice":
    "SalaryOnTime AutoPay: {date} को आपके लोन के लिए आपके बैंक खाते (आखिरी अंक {last4}) से {amount} कटेंगे। उससे पहले Pay Now से चुका देंगे तो यह रकम कम हो जाएगी या कटेगी ही नहीं: {pay_link}",
  "messages.sms.payment_received": "SalaryOnTime: लोन {loan_no} के लिए आपका {amount} का भुगतान {paid_on} को हमें मिल गया है। आपकी रसीद: {receipt_link}",
  "messages.sms.ckyc_registered":
    "SalaryOnTime: आपका KYC रिकॉर्ड अब केंद्रीय KYC रजिस्ट्री में दर्ज है। आपका केंद्रीय KYC नंबर {ckyc_number} है। दूसरे विनियमित लेंडर आपके KYC के लिए इसका इस्तेमाल कर सकते हैं।",
  "messages.sms.autopay_failed": "SalaryOnTime AutoPay: आपके लोन की किस्त खाते से नहीं कट पाई ({reason})। पेनल चार्ज से बचने के लिए अभी चुकाएँ: {pay_link}",
  "messages.autopayFailure.no_funds": "खाते में पूरे पैसे नहीं थे",
  "messages.autopayFailure.declined": "बैंक ने मना कर दिया",

  "messages.refundTo.gateway": "उसी तरीके से",
  "messages.refundTo.bank": "आपके उस बैंक खाते में जिसके आखिरी अंक {last4} हैं,",
  "messages.rejection.INCOME_NOT_VERIFIED": "दिए गए कागज़ों से हम आपकी आमदनी की पुष्टि नहीं कर पाए।",
  "messages.rejection.DOCUMENTS_MISMATCH": "कागज़ों में दी गई जानकारी आपके आवेदन से मेल नहीं खाती।",
  "messages.rejection.BUREAU_RISK": "आपकी क्रेडिट हिस्ट्री अभी हमारी लोन नीति के हिसाब से ठीक नहीं है।",
  "messages.rejection.EXISTING_OBLIGATIONS": "आपके मौजूदा लोन की किस्तें अभी नए लोन के लिए बहुत ज़्यादा हैं।",
  "messages.rejection.EMPLOYMENT_NOT_VERIFIED": "हम आपकी नौकरी की पुष्टि नहीं कर पाए।",
  "messages.rejection.BANK_ACCOUNT_ISSUE": "हम आपके नाम के बैंक खाते की पुष्टि नहीं कर पाए।",
  "messages.rejection.POLICY_OTHER": "आपका आवेदन अभी हमारी लोन नीति में नहीं आता।",
  "messages.grievanceCategory.loan_application": "लोन आवेदन या मंज़ूरी",
  "messages.grievanceCategory.repayment": "लोन चुकाना या रिफ़ंड",
  "messages.grievanceCategory.charges": "ब्याज, फ़ीस या चार्ज",
  "messages.grievanceCategory.collection_conduct": "हमारी वसूली टीम या रिकवरी एजेंट का बर्ताव",
  "messages.grievanceCategory.credit_bureau": "क्रेडिट ब्यूरो को भेजी गई जानकारी पर आपत्ति",
  "messages.grievanceCategory.service": "ग्राहक सेवा",
  "messages.grievanceCategory.other": "कुछ और",
  "messages.ombudsman": "अगर आप हमारे जवाब से संतुष्ट नहीं हैं, या {days} दिन में जवाब नहीं मिला, तो आप RBI के एकीकृत लोकपाल से यहाँ शिकायत कर सकते हैं: {portal}",

  "messages.email.greeting": "प्रिय {name},",
  "messages.email.customer": "ग्राहक",
  "messages.email.signoff": "SalaryOnTime",
  "messages.email.grievanceSignoff": "SalaryOnTime शिकायत निवारण टीम",
  "messages.email.loan_disbursed.subject": "आपके SalaryOnTime लोन {loan_no} के पैसे भेज दिए गए हैं",
  "messages.email.loan_disbursed.body":
    "लोन {loan_no} के {amount} हमने आपके बैंक खाते में भेज दिए हैं।\nकृपया {repayment_date} तक {total_due} चुकाएँ।\n{cooling_off_until} तक आप बिना किसी पेनल्टी के यह लोन रद्द कर सकते हैं।\nआपका मुख्य तथ्य विवरण (KFS) और लोन एग्रीमेंट आपके डैशबोर्ड में है: {link}",
  "messages.email.reminder_upcoming.subject": "आपका SalaryOnTime लोन {loan_no} {when, select, tomorrow {कल} other {3 दिन बाद}} चुकाना है",
  "messages.email.reminder_upcoming.body":
    "आपका लोन {loan_no} {repayment_date} को चुकाना है।\nउस दिन चुकाने की रकम: {total_due}।\nजल्दी चुकाने पर कम लगता है: आज लोन बंद करें तो {close_today} लगेंगे (मूल रकम और जितने दिन पैसे आपके पास रहे, उतने दिन का ब्याज)।\nअभी चुकाएँ: {pay_link}",
  "messages.email.reminder_due_today.subject": "आपका SalaryOnTime लोन {loan_no} आज चुकाना है",
  "messages.email.reminder_due_today.body":
    "आपका लोन {loan_no} आज, {repayment_date} को चुकाना है।\nचुकाने की रकम: {total_due}।\nकल से बकाया मूल रकम पर रोज़ 0.5% पेनल चार्ज लगेगा।\nअभी चुकाएँ: {pay_link}",
  "messages.email.reminder_due_today_autopay.subject": "आपका SalaryOnTime लोन {loan_no} आज चुकाना है: AutoPay से कटेगा",
  "messages.email.reminder_due_today_autopay.body":
    "आपका लोन {loan_no} आज, {repayment_date} को चुकाना है।\nAutoPay ({method}) आज उसी बैंक खाते से {total_due} काटेगा जिस पर आपने AutoPay लगाया है। अलग से भुगतान न करें: दूसरा भुगतान बाद में लौटाना ही पड़ेगा।\nअगर उस खाते में पैसे कम हो सकते हैं, तो आज ही उसमें पैसे डाल दें। डेबिट न हो पाया तो हम आपको तुरंत SMS और ई-मेल से, Pay Now लिंक के साथ बताएँगे।",
  "messages.email.reminder_overdue.subject": "आपके SalaryOnTime लोन {loan_no} की तारीख निकल गई है",
  "messages.email.reminder_overdue.body":
    "आपका लोन {loan_no} {repayment_date} को चुकाना था, और उस तारीख को {days} दिन बीत गए हैं।\nआज की बकाया रकम: {total_due}, जिसमें अब तक का {penal} पेनल चार्ज शामिल है।\nबची हुई मूल रकम पर रोज़ 1% ब्याज लगता रहेगा, और बकाया मूल रकम पर रोज़ 0.5% पेनल चार्ज (कुल मिलाकर मूल रकम के 25% से ज़्यादा कभी नहीं)। पेनल चार्ज पर ब्याज नहीं लगता।\nअभी चुकाएँ: {pay_link}",
  "messages.email.signed_copies.subject": "आपका SalaryOnTime मुख्य तथ्य विवरण (KFS) और साइन किया हुआ लोन एग्रीमेंट",
  "messages.email.signed_copies.body":
    "लोन एग्रीमेंट साइन करने के लिए धन्यवाद। मुख्य तथ्य विवरण (KFS) और साइन किए हुए लोन एग्रीमेंट की आपकी कॉपी डैशबोर्ड में है:\n{link}\n\nइन्हें खोलने के लिए अपने मोबाइल नंबर से साइन इन करें; ये सिर्फ़ आपको दिखती हैं।",
  "messages.email.bureau_overdue.subject": "आपका SalaryOnTime लोन {loan_no} क्रेडिट ब्यूरो को बकाया के रूप में रिपोर्ट होगा",
  "messages.email.bureau_overdue.body":
    "आपका लोन {loan_no} {repayment_date} को चुकाना था और {total_due} अभी बाकी है।\nहम हर महीने की 15 तारीख और आखिरी तारीख को हर लोन की जानकारी क्रेडिट ब्यूरो को भेजते हैं। अगर उससे पहले लोन नहीं चुकाया गया, तो हमारी अगली रिपोर्ट में यह बकाया दिखेगा, कितने दिन से और कितनी रकम बकाया है, इसके साथ।\nअभी चुकाएँ: {pay_link}\n\nअगर आपको लगता है कि हमारी रिपोर्ट में कुछ गलत है, तो डैशबोर्ड से शिकायत करें; हम अगली रिपोर्ट में उसे ठीक कर देते हैं।",
  "messages.email.autopay_notice.subject": "AutoPay: {date} को आपके SalaryOnTime लोन {loan_no} के {amount} कटेंगे",
  "messages.email.autopay_notice.body":
    "आपके AutoPay मैंडेट से {date} को आपके बैंक खाते (आखिरी अंक {last4}) से लोन {loan_no} के लिए {amount} कटेंगे।\nउससे पहले Pay Now से चुका देंगे, तो यह रकम कटेगी ही नहीं, या सिर्फ़ बची हुई रकम कटेगी: {pay_link}\nAutoPay आप कभी भी अपने डैशबोर्ड से रद्द कर सकते हैं।",
  "messages.email.autopay_failed.subject": "AutoPay: आपके SalaryOnTime लोन {loan_no} की किस्त नहीं कट पाई",
  "messages.email.autopay_failed.body":
    "आपके AutoPay मैंडेट से लोन {loan_no} की किस्त नहीं कट पाई: {reason}।\nपेनल चार्ज से बचने के लिए अभी Pay Now से चुकाएँ: {pay_link}\n{retry, select, yes {अगर रकम तब भी बकाया रही, तो नई सूचना देकर हम {retry_date} को एक बार फिर कोशिश करेंगे।} other {हम दोबारा कोशिश नहीं करेंगे।}}",
  "messages.email.grievance_received.subject": "आपकी शिकायत {reference} दर्ज हो गई है",
  "messages.email.grievance_received.body":
    "हमने आपकी शिकायत दर्ज कर ली है। विषय: {category}।\nआपका रेफ़रेंस नंबर {reference} है। हमें लिखते समय यह नंबर ज़रूर बताएँ।\nहमारे {officer} आपको जवाब देंगे। अगर {days} दिन में हल नहीं हुई, तो शिकायत हमारे {nodal} के पास जाएगी।\n{online, select, yes {आप इसे यहाँ देख सकते हैं और हमारे जवाब पढ़ सकते हैं: {link}} other {हम इसी पते पर और आपके मोबाइल नंबर पर जवाब देंगे।}}\n{ombudsman}",
  "messages.email.grievance_escalated.subject": "आपकी शिकायत {reference} हमारे {nodal} के पास भेजी गई है",
  "messages.email.grievance_escalated.body": "आपकी शिकायत {reference} अभी तक हल नहीं हुई है, इसलिए इसे हमारे {nodal}, {nodal_name}, के पास भेजा गया है।\n{ombudsman}",
  "messages.email.grievance_replied.subject": "आपकी शिकायत {reference} पर हमारा जवाब",
  "messages.email.grievance_replied.body":
    "आपकी शिकायत {reference} पर हमारा जवाब:\n\n{reply}\n\n{online, select, yes {सारे जवाब आप यहाँ पढ़ सकते हैं: {link}\n} other {}}{ombudsman}",
  "messages.email.grievance_resolved.subject": "आपकी शिकायत {reference} हल हो गई है",
  "messages.email.grievance_resolved.body": "हमने आपकी शिकायत {reference} का हल कर दिया है:\n\n{reply}\n\n{ombudsman}",
  "messages.email.grievance_ombudsman.subject": "आपकी शिकायत {reference}: अब आप RBI लोकपाल के पास जा सकते हैं",
  "messages.email.grievance_ombudsman.body":
    "आपकी शिकायत {reference} {days} दिन पहले दर्ज हुई थी और अभी तक हल नहीं हुई है।\nअब आप भारतीय रिज़र्व बैंक के एकीकृत लोकपाल से यहाँ शिकायत कर सकते हैं: {portal}। हमारा रेफ़रेंस नंबर {reference} ज़रूर बताएँ।\nहम इस पर काम कर रहे हैं और आपको लिखेंगे।",
};
