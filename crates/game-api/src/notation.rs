//! Reading a JSON notation (each game's scenario) with serde while keeping the notation's own
//! errors. A field is read as a [`Given`]: the value of the kind wanted, or the JSON found
//! instead. Reading never fails on a wrong kind, so the checked conversion that follows reports
//! every error itself, in its own order and words ("riders[0].distance: expected a whole number,
//! got a string"), not at the first field serde happens to meet.

use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::value::MapAccessDeserializer;
use serde::de::{DeserializeOwned, Deserializer, MapAccess, Visitor};
use serde_json::Value;

/// A field as the notation gave it: the value wanted, or the JSON found instead.
#[derive(Clone, Debug, PartialEq)]
pub enum Given<T> {
    Wanted(T),
    Other(Value),
}

impl<T> Given<T> {
    /// The value, if it is of the kind wanted.
    pub fn wanted(self) -> Option<T> {
        match self {
            Given::Wanted(value) => Some(value),
            Given::Other(_) => None,
        }
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Given<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Ok(match T::deserialize(&value) {
            Ok(wanted) => Given::Wanted(wanted),
            Err(_) => Given::Other(value),
        })
    }
}

/// For a field where `null` is a value to refuse rather than an absence: with
/// `#[serde(default, deserialize_with = "present")]` on an `Option<Given<T>>`, a field left out
/// is `None` and a `null` is `Some(Given::Other(Value::Null))`.
pub fn present<'de, D, T>(deserializer: D) -> Result<Option<Given<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    Given::deserialize(deserializer).map(Some)
}

/// A struct read from a JSON object only. (A struct derived with serde also reads a list, its
/// fields by position; no notation means that.)
#[derive(Clone, Debug, PartialEq)]
pub struct Object<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Fields<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Fields<T> {
            type Value = Object<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Object<T>, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map)).map(Object)
            }
        }
        deserializer.deserialize_map(Fields(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Walker {
        id: Option<Given<String>>,
        #[serde(default, deserialize_with = "present")]
        since: Option<Given<String>>,
    }

    fn read(value: Value) -> Option<Walker> {
        Object::<Walker>::deserialize(&value).ok().map(|o| o.0)
    }

    #[test]
    fn a_wrong_kind_is_kept_for_the_message_and_null_is_absent_unless_present() {
        let w = read(json!({"id": 7, "since": null, "other": true})).unwrap();
        assert_eq!(w.id, Some(Given::Other(json!(7))));
        assert_eq!(w.since, Some(Given::Other(Value::Null)));
        let w = read(json!({"id": null})).unwrap();
        assert_eq!(
            w,
            Walker {
                id: None,
                since: None
            }
        );
        let w = read(json!({"id": "bob", "since": "10:20"})).unwrap();
        assert_eq!(w.id, Some(Given::Wanted("bob".to_string())));
    }

    #[test]
    fn an_object_is_not_read_from_a_list() {
        assert_eq!(read(json!(["bob", "10:20"])), None);
        assert_eq!(read(json!("bob")), None);
    }
}
