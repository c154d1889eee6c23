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
    }
}
