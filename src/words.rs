//! English for counts in messages: "1 solution", "2 solutions", "once".
//! A leaf module every stage may use, so no message says "1 solutions".

/// `n` followed by the singular or the plural noun.
pub fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
}

/// How often something happened: "once", "twice", "3 times".
pub fn times(n: usize) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

/// A large count in three figures, for progress lines that change many
/// times a second: "9876", "12.3 thousand", "4.57 million", "1.20 billion".
pub fn approx(n: u64) -> String {
    let scaled = |unit: f64, name: &str| {
        let x = n as f64 / unit;
        let digits = if x < 10.0 {
            2
        } else if x < 100.0 {
            1
        } else {
            0
        };
        format!("{x:.digits$} {name}")
    };
    match n {
        0..10_000 => n.to_string(),
        10_000..1_000_000 => scaled(1e3, "thousand"),
        1_000_000..1_000_000_000 => scaled(1e6, "million"),
        _ => scaled(1e9, "billion"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_english() {
        assert_eq!(plural(1, "solution", "solutions"), "1 solution");
        assert_eq!(plural(0, "solution", "solutions"), "0 solutions");
        assert_eq!(plural(12, "tube", "tubes"), "12 tubes");
        assert_eq!(times(1), "once");
        assert_eq!(times(2), "twice");
        assert_eq!(times(5), "5 times");
        assert_eq!(approx(9876), "9876");
        assert_eq!(approx(12_345), "12.3 thousand");
        assert_eq!(approx(4_567_000), "4.57 million");
        assert_eq!(approx(1_204_000_000), "1.20 billion");
    }
}
