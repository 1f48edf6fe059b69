//! The e-mails an alert sends, in the language her screen was in (English or Hindi). A trusted person
//! gets a plain subject, her note, what to do, and nothing more of her account (no name, no address, no
//! link). An advocate gets less: that an alert waits in the advocates' area and where that is; who she
//! is and her note are read there, after the advocate signs in.

/// Hands one e-mail to the mail server off the async threads (`crate::email::deliver`); the timer's
/// `send_off_thread` says why one did not go, and logs nothing, so no address reaches the log.
pub use crate::email::{deliver, send_off_thread};

/// The languages alerts are written in; any other is sent in English.
pub fn language(asked: Option<&str>) -> &'static str {
    match asked {
        Some("hi") => "hi",
        _ => "en",
    }
}

/// Each kind of alert's subject and opening words, for one kind of reader.
struct Kinds {
    subject: &'static str,
    test_subject: &'static str,
    test: &'static str,
    duress: &'static str,
    overdue: &'static str,
    stopped: &'static str,
    /// The follow-up of a late check-in: its own subject, as neutral as the alarm's.
    late_subject: &'static str,
    late: &'static str,
}

impl Kinds {
    /// (subject, opening) for an alert of `kind` ('overdue', 'duress', 'stopped', 'late' or 'test').
    fn of(&self, kind: &str) -> (&'static str, &'static str) {
        match kind {
            "test" => (self.test_subject, self.test),
            "late" => (self.late_subject, self.late),
            "duress" => (self.subject, self.duress),
            "stopped" => (self.subject, self.stopped),
            _ => (self.subject, self.overdue),
        }
    }
}

struct Texts {
    kinds: Kinds,
    no_note: &'static str,
    their_note: &'static str,
    what_to_do: &'static str,
}

const EN: Texts = Texts {
    kinds: Kinds {
        subject: "Please check on someone who trusts you",
        test_subject: "Test: a check-in alert",
        test: "This is only a test; nothing has happened. Someone who trusts you is making sure their check-in \
               alerts reach you. If you expected it, there is nothing to do.\n\n\
               If a real alert ever comes, it will look like this, with the note below.",
        duress: "Someone who trusts you chose you to be told if they need help. They have just asked for help \
                 through their check-in. Please act now.",
        overdue: "Someone who trusts you chose you to be told if they did not check in on time. The time they \
                  set has passed and they have not checked in.",
        stopped: "Someone who trusts you chose you to be told if they did not check in on time. Their check-in \
                  was stopped before its end without them checking in, so you are being told now.",
        late_subject: "Someone who trusts you has checked in",
        late: "You were told earlier that someone who trusts you had not checked in on time. They have now \
               checked in, late, with their own PIN.\n\n\
               If you are already trying to reach them, you may still want to, in the way you agreed \
               beforehand. Take care: someone else may be reading their phone or messages.\n\n\
               This message was sent automatically. Replies are not read.",
    },
    no_note: "(They did not leave a note.)",
    their_note: "Their note:",
    what_to_do: "What to do:\n\
                 - Try to reach them in the way you agreed beforehand.\n\
                 - If you cannot reach them and think they may be in danger, call the emergency services \
                 and tell them what the note says.\n\
                 - Take care: someone else may be reading their phone or messages. Do not write about this \
                 alert to them unless you agreed you could.\n\n\
                 This message was sent automatically. Replies are not read.",
};

const HI: Texts = Texts {
    kinds: Kinds {
        subject: "आप पर भरोसा करने वाले व्यक्ति की ख़बर लें",
        test_subject: "जाँच: हाज़िरी का संदेश",
        test: "यह सिर्फ़ एक जाँच है; कुछ नहीं हुआ है। आप पर भरोसा करने वाला कोई व्यक्ति देख रहा है कि उनके \
               हाज़िरी के संदेश आप तक पहुँचते हैं। अगर आपको इसकी उम्मीद थी, तो कुछ करने की ज़रूरत नहीं।\n\n\
               अगर कभी सच में संदेश आया, तो वह ऐसा ही दिखेगा, नीचे लिखे संदेश के साथ।",
        duress: "आप पर भरोसा करने वाले एक व्यक्ति ने चुना था कि मदद की ज़रूरत हो तो आपको बताया जाए। उन्होंने \
                 अभी-अभी अपनी हाज़िरी के ज़रिए मदद माँगी है। कृपया अभी कुछ करें।",
        overdue: "आप पर भरोसा करने वाले एक व्यक्ति ने चुना था कि अगर वे समय पर हाज़िरी न दें तो आपको बताया जाए। \
                  उनका तय किया समय बीत गया है और उन्होंने हाज़िरी नहीं दी।",
        stopped: "आप पर भरोसा करने वाले एक व्यक्ति ने चुना था कि अगर वे समय पर हाज़िरी न दें तो आपको बताया जाए। \
                  उनकी हाज़िरी का समय पूरा होने से पहले ही उसे रोक दिया गया और उन्होंने हाज़िरी नहीं दी, इसलिए \
                  आपको अभी बताया जा रहा है।",
        late_subject: "आप पर भरोसा करने वाले व्यक्ति ने हाज़िरी दे दी है",
        late: "आपको पहले बताया गया था कि आप पर भरोसा करने वाले एक व्यक्ति ने समय पर हाज़िरी नहीं दी। अब उन्होंने \
               अपने पिन से देर से हाज़िरी दे दी है।\n\n\
               अगर आप उनसे संपर्क करने की कोशिश कर रहे हैं, तो पहले से तय तरीक़े से करते रह सकते हैं। सावधान \
               रहें: हो सकता है कोई और उनका फ़ोन या संदेश पढ़ रहा हो।\n\n\
               यह संदेश अपने-आप भेजा गया है। जवाब कोई नहीं पढ़ता।",
    },
    no_note: "(उन्होंने कोई संदेश नहीं छोड़ा।)",
    their_note: "उनका संदेश:",
    what_to_do: "क्या करें:\n\
                 - जैसा आपने पहले तय किया था, उसी तरह उनसे संपर्क करने की कोशिश करें।\n\
                 - अगर संपर्क न हो पाए और लगे कि वे ख़तरे में हो सकते हैं, तो आपातकालीन सेवाओं को फ़ोन \
                 करें और बताएँ कि संदेश में क्या लिखा है।\n\
                 - सावधान रहें: हो सकता है कोई और उनका फ़ोन या संदेश पढ़ रहा हो। जब तक आपने पहले तय न किया \
                 हो, उन्हें इस संदेश के बारे में लिखकर न भेजें।\n\n\
                 यह संदेश अपने-आप भेजा गया है। जवाब कोई नहीं पढ़ता।",
};

/// Subject and body for an alert of `kind` ('overdue', 'duress', 'stopped', 'late' or 'test') in
/// `language`. The follow-up of a late check-in carries nothing of hers, not even her note.
pub fn alert(kind: &str, note: &str, language: &str) -> (String, String) {
    let t = if language == "hi" { &HI } else { &EN };
    if kind == "late" {
        let (subject, body) = t.kinds.of(kind);
        return (subject.to_string(), format!("{body}\n"));
    }
    let note = match note.trim() {
        "" => t.no_note,
        note => note,
    };
    let (subject, opening) = t.kinds.of(kind);
    let body = format!(
        "{opening}\n\n{}\n{note}\n\n{}\n",
        t.their_note, t.what_to_do
    );
    (subject.to_string(), body)
}

struct AdvocateTexts {
    kinds: Kinds,
    open: &'static str,
    why: &'static str,
    automatic: &'static str,
}

const ADVOCATE_EN: AdvocateTexts = AdvocateTexts {
    kinds: Kinds {
        subject: "An alert is waiting for you",
        test_subject: "Test: an alert is waiting for you",
        test: "This is only a test; nothing has happened. Someone who chose you as their advocate is making sure \
               their check-in alerts reach you.",
        duress: "Someone who chose you as their advocate has just asked for help through their check-in. Please \
                 act now.",
        overdue: "Someone who chose you as their advocate did not check in on time.",
        stopped: "The check-in of someone who chose you as their advocate was stopped before its end without \
                  them checking in.",
        late_subject: "An update is waiting for you",
        late: "Someone who chose you as their advocate, whose alert you were sent earlier, has now checked in, \
               late, with their own PIN.",
    },
    open: "Open the advocates' area to see who it is and read their note:",
    why: "For their safety this e-mail says nothing more. Who they are and what they wrote are only in the \
          advocates' area, after you sign in.",
    automatic: "This message was sent automatically. Replies are not read.",
};

const ADVOCATE_HI: AdvocateTexts = AdvocateTexts {
    kinds: Kinds {
        subject: "आपके लिए एक संदेश इंतज़ार कर रहा है",
        test_subject: "जाँच: आपके लिए एक संदेश इंतज़ार कर रहा है",
        test: "यह सिर्फ़ एक जाँच है; कुछ नहीं हुआ है। जिस व्यक्ति ने आपको अपना सहायक चुना है, वे देख रहे हैं कि \
               उनके हाज़िरी के संदेश आप तक पहुँचते हैं।",
        duress: "जिस व्यक्ति ने आपको अपना सहायक चुना है, उन्होंने अभी-अभी अपनी हाज़िरी के ज़रिए मदद माँगी है। \
                 कृपया अभी कुछ करें।",
        overdue: "जिस व्यक्ति ने आपको अपना सहायक चुना है, उन्होंने समय पर हाज़िरी नहीं दी।",
        stopped: "जिस व्यक्ति ने आपको अपना सहायक चुना है, उनकी हाज़िरी का समय पूरा होने से पहले ही उसे रोक दिया \
                  गया और उन्होंने हाज़िरी नहीं दी।",
        late_subject: "आपके लिए एक नई ख़बर इंतज़ार कर रही है",
        late: "जिस व्यक्ति ने आपको अपना सहायक चुना है और जिनका संदेश आपको पहले भेजा गया था, उन्होंने अब अपने पिन \
               से देर से हाज़िरी दे दी है।",
    },
    open: "वे कौन हैं और उनका संदेश देखने के लिए सहायकों का हिस्सा खोलें:",
    why: "उनकी सुरक्षा के लिए इस ई-मेल में और कुछ नहीं लिखा है। वे कौन हैं और उन्होंने क्या लिखा, यह साइन इन \
          करने के बाद सिर्फ़ सहायकों के हिस्से में दिखता है।",
    automatic: "यह संदेश अपने-आप भेजा गया है। जवाब कोई नहीं पढ़ता।",
};

/// Subject and body of an advocate's e-mail for an alert of `kind`: nothing of hers, only that an alert
/// waits at `area` (the advocates' area of this site).
pub fn advocate_alert(kind: &str, language: &str, area: &str) -> (String, String) {
    let t = if language == "hi" {
        &ADVOCATE_HI
    } else {
        &ADVOCATE_EN
    };
    let (subject, opening) = t.kinds.of(kind);
    let body = format!(
        "{opening}\n\n{}\n{area}\n\n{}\n\n{}\n",
        t.open, t.why, t.automatic
    );
    (subject.to_string(), body)
}

#[cfg(test)]
mod tests {
    use super::{advocate_alert, alert};

    #[test]
    fn a_test_says_so_and_a_real_alert_does_not() {
        let (subject, body) = alert("test", "At the bank on Ring Road", "en");
        assert!(subject.starts_with("Test") && body.contains("At the bank on Ring Road"));
        let (subject, body) = alert("overdue", "", "en");
        assert!(!subject.contains("Test") && body.contains("did not leave a note"));
    }

    #[test]
    fn the_late_follow_up_carries_nothing_of_hers_in_either_language() {
        for language in ["en", "hi"] {
            let (subject, body) = alert("late", "Ring Road", language);
            let (alarm, _) = alert("overdue", "Ring Road", language);
            assert_ne!(subject, alarm);
            assert!(!body.contains("Ring Road"), "{body}");
        }
        let (_, hindi) = alert("late", "", "hi");
        assert!(!hindi.chars().any(|c| c.is_ascii_alphabetic()), "{hindi}");
    }

    #[test]
    fn hindi_alerts_are_all_hindi_but_her_note() {
        for kind in ["duress", "overdue", "stopped"] {
            let (subject, body) = alert(kind, "Ring Road", "hi");
            assert!(subject.starts_with("आप पर भरोसा"));
            let english = body.replace("Ring Road", "");
            assert!(!english.chars().any(|c| c.is_ascii_alphabetic()), "{body}");
        }
    }

    #[test]
    fn an_advocates_e_mail_points_to_the_area_and_carries_nothing_of_hers() {
        let area = "https://help.example.org/advocate";
        for language in ["en", "hi"] {
            for kind in ["overdue", "duress", "stopped", "late", "test"] {
                let (subject, body) = advocate_alert(kind, language, area);
                assert!(body.contains(area), "{body}");
                assert_eq!(
                    subject.starts_with("Test") || subject.starts_with("जाँच"),
                    kind == "test"
                );
                let (_, trusted) = alert(kind, "", language);
                assert_ne!(body, trusted);
            }
        }
        let (_, hindi) = advocate_alert("overdue", "hi", area);
        let words = hindi.replace(area, "");
        assert!(!words.chars().any(|c| c.is_ascii_alphabetic()), "{hindi}");
    }
}
