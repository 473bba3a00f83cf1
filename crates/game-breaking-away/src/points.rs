//! Race points, kept exact: riders who move simultaneously share pooled points (postal 8.2.5),
//! so a rider can hold half or third points.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign};

/// A non-negative number of race points, as an exact fraction in lowest terms.
/// Always kept in lowest terms, so the derived equality and hash are exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Points {
    num: u64,
    den: u64,
}

impl Points {
    pub const ZERO: Points = Points { num: 0, den: 1 };

    pub const fn whole(points: u64) -> Points {
        Points {
            num: points,
            den: 1,
        }
    }

    /// `total` points shared equally between `ways` riders.
    pub fn share(total: u64, ways: u64) -> Points {
        assert!(ways > 0, "points shared between no riders");
        Points::reduced(total, ways)
    }

    fn reduced(num: u64, den: u64) -> Points {
        let g = gcd(num, den).max(1);
        Points {
            num: num / g,
            den: den / g,
        }
    }

    /// `self - other`, or zero when `other` is larger (a leader's margin).
    pub fn minus(self, other: Points) -> Points {
        let den = self.den / gcd(self.den, other.den) * other.den;
        let (a, b) = (self.num * (den / self.den), other.num * (den / other.den));
        Points::reduced(a.saturating_sub(b), den)
    }

    pub fn as_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    pub fn is_whole(self) -> bool {
        self.den == 1
    }

    /// The points as a JSON number: an integer when whole.
    pub fn to_json(self) -> serde_json::Value {
        if self.is_whole() {
            serde_json::Value::from(self.num)
        } else {
            serde_json::Value::from(self.as_f64())
        }
    }

    /// Reads points back from a JSON number, as written by [`Points::to_json`] or typed by a
    /// person; a fraction is recovered exactly for denominators up to 840.
    pub fn from_f64(value: f64) -> Option<Points> {
        if !value.is_finite() || !(0.0..=1e9).contains(&value) {
            return None;
        }
        for den in 1..=840u64 {
            let num = (value * den as f64).round();
            if (num / den as f64 - value).abs() < 1e-9 {
                return Some(Points::reduced(num as u64, den));
            }
        }
        None
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        // Most points are whole: no fractions to bring to a common denominator.
        if self.den == 1 && other.den == 1 {
            return Points::whole(self.num + other.num);
        }
        let den = self.den / gcd(self.den, other.den) * other.den;
        Points::reduced(
            self.num * (den / self.den) + other.num * (den / other.den),
            den,
        )
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        *self = *self + other;
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

impl Ord for Points {
    fn cmp(&self, other: &Points) -> Ordering {
        (u128::from(self.num) * u128::from(other.den))
            .cmp(&(u128::from(other.num) * u128::from(self.den)))
    }
}

impl PartialOrd for Points {
    fn partial_cmp(&self, other: &Points) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.num / self.den;
        let rest = self.num % self.den;
        match (rest, self.den) {
            (0, _) => write!(f, "{whole}"),
            (1, 2) => write!(f, "{whole}½"),
            (1, 3) => write!(f, "{whole}⅓"),
            (2, 3) => write!(f, "{whole}⅔"),
            (1, 4) => write!(f, "{whole}¼"),
            (3, 4) => write!(f, "{whole}¾"),
            _ => write!(f, "{whole} {rest}/{}", self.den),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_add_up_exactly() {
        // postal 8.2.5: two riders sharing 1st and 2nd at a sprint get 9 each.
        assert_eq!(Points::share(10 + 8, 2), Points::whole(9));
        let third = Points::share(8 + 6 + 5, 3);
        assert_eq!(third + third + third, Points::whole(19));
        assert_eq!(Points::share(1, 2).to_string(), "0½");
        assert_eq!(Points::share(19, 3).to_string(), "6⅓");
        assert!(Points::share(1, 2) < Points::whole(1));
    }

    #[test]
    fn a_margin_is_exact_and_never_below_zero() {
        let half = Points::share(9, 2);
        assert_eq!(Points::whole(6).minus(half).to_string(), "1½");
        assert_eq!(half.minus(Points::whole(6)), Points::ZERO);
    }

    #[test]
    fn json_round_trip() {
        for p in [Points::whole(12), Points::share(1, 2), Points::share(19, 3)] {
            let back = Points::from_f64(p.to_json().as_f64().unwrap()).unwrap();
            assert_eq!(back, p);
        }
        assert_eq!(Points::whole(10).to_json(), serde_json::json!(10));
        assert!(Points::from_f64(-1.0).is_none());
    }
}
