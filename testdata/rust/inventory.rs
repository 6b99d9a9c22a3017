//! An inventory service: generics, traits, closures, iterators, a HashMap,
//! formatting and panics. Compiled by the test harness with
//! `rustc --crate-type=lib --emit=llvm-bc`.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sku(pub u32);

#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub sku: Sku,
    pub name: String,
    pub price_cents: u64,
    pub quantity: u32,
    pub tags: Vec<&'static str>,
}

#[derive(Debug)]
pub enum InventoryError {
    UnknownSku(Sku),
    OutOfStock { sku: Sku, wanted: u32, have: u32 },
    Overflow,
}

impl fmt::Display for InventoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InventoryError::UnknownSku(s) => write!(f, "unknown SKU {:06}", s.0),
            InventoryError::OutOfStock { sku, wanted, have } => {
                write!(f, "SKU {:06}: wanted {wanted}, only {have} left", sku.0)
            }
            InventoryError::Overflow => f.write_str("arithmetic overflow"),
        }
    }
}

impl std::error::Error for InventoryError {}

pub trait Priced {
    fn unit_price(&self) -> u64;
    fn total(&self, n: u32) -> Option<u64> {
        self.unit_price().checked_mul(u64::from(n))
    }
}

impl Priced for Item {
    fn unit_price(&self) -> u64 {
        self.price_cents
    }
}

pub trait Store<K, V> {
    fn get(&self, k: &K) -> Option<&V>;
    fn upsert(&mut self, k: K, v: V) -> Option<V>;
}

#[derive(Default)]
pub struct Inventory<S = HashMap<Sku, Item>> {
    items: S,
    log: Vec<String>,
}

impl Store<Sku, Item> for HashMap<Sku, Item> {
    fn get(&self, k: &Sku) -> Option<&Item> {
        HashMap::get(self, k)
    }
    fn upsert(&mut self, k: Sku, v: Item) -> Option<Item> {
        self.insert(k, v)
    }
}

impl Store<Sku, Item> for BTreeMap<Sku, Item> {
    fn get(&self, k: &Sku) -> Option<&Item> {
        BTreeMap::get(self, k)
    }
    fn upsert(&mut self, k: Sku, v: Item) -> Option<Item> {
        self.insert(k, v)
    }
}

impl<S: Store<Sku, Item>> Inventory<S> {
    pub fn with_store(items: S) -> Self {
        Inventory { items, log: Vec::new() }
    }

    pub fn add(&mut self, item: Item) {
        let msg = format!("add {:?} x{} @ {}.{:02}", item.name, item.quantity, item.price_cents / 100, item.price_cents % 100);
        self.log.push(msg);
        let sku = item.sku;
        if let Some(old) = self.items.upsert(sku, item) {
            self.log.push(format!("replaced {}", old.name));
        }
    }

    pub fn quote(&self, order: &[(Sku, u32)]) -> Result<u64, InventoryError> {
        order.iter().try_fold(0u64, |acc, &(sku, n)| {
            let item = self.items.get(&sku).ok_or(InventoryError::UnknownSku(sku))?;
            if item.quantity < n {
                return Err(InventoryError::OutOfStock { sku, wanted: n, have: item.quantity });
            }
            item.total(n).and_then(|t| acc.checked_add(t)).ok_or(InventoryError::Overflow)
        })
    }

    pub fn log(&self) -> &[String] {
        &self.log
    }
}

pub fn tag_histogram<'a, I>(items: I) -> Vec<(&'static str, usize)>
where
    I: IntoIterator<Item = &'a Item>,
{
    let mut counts: HashMap<&'static str, usize> = HashMap::new();
    for tag in items.into_iter().flat_map(|i| i.tags.iter().copied()) {
        *counts.entry(tag).or_default() += 1;
    }
    let mut v: Vec<_> = counts.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    v
}

pub fn cheapest<T: Priced>(xs: &[T]) -> &T {
    xs.iter().min_by_key(|x| x.unit_price()).expect("cheapest() of an empty slice")
}

pub fn parse_order(s: &str) -> Vec<(Sku, u32)> {
    s.split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let (sku, n) = p.trim().split_once('x').unwrap_or_else(|| panic!("bad order line {p:?}"));
            (Sku(sku.parse().unwrap()), n.parse().unwrap())
        })
        .collect()
}

fn sample() -> Vec<Item> {
    (1..=12u32)
        .map(|i| Item {
            sku: Sku(1000 + i),
            name: format!("widget-{i}"),
            price_cents: u64::from(i * i) * 125 + 99,
            quantity: i * 3 % 7,
            tags: if i % 2 == 0 { vec!["even", "blue"] } else { vec!["odd"] },
        })
        .collect()
}

pub fn demo() -> String {
    let mut hashed: Inventory = Inventory::default();
    let mut sorted = Inventory::with_store(BTreeMap::new());
    for item in sample() {
        hashed.add(item.clone());
        sorted.add(item);
    }
    let order = parse_order("1002x1, 1004x2,1011x1");
    let mut out = String::new();
    for (name, result) in [("hash", hashed.quote(&order)), ("btree", sorted.quote(&order))] {
        match result {
            Ok(c) => out += &format!("{name}: {}.{:02}\n", c / 100, c % 100),
            Err(e) => out += &format!("{name}: error: {e}\n"),
        }
    }
    let items = sample();
    out += &format!("{:?}\n", tag_histogram(&items));
    out += &format!("cheapest: {}\n", cheapest(&items).name);
    out += &hashed.log().join("\n");
    out
}
