//! Trait objects, enums with data, pattern matching, `?` error handling,
//! `Rc`/`RefCell`, sorting with closures, floating point, unwinding.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::rc::Rc;

pub trait Shape {
    fn area(&self) -> f64;
    fn name(&self) -> String;
    fn scale(&mut self, k: f64);
}

#[derive(Debug, Clone, Copy)]
pub struct Circle {
    pub r: f64,
}

#[derive(Debug, Clone)]
pub struct Polygon {
    pub pts: Vec<(f64, f64)>,
}

impl Shape for Circle {
    fn area(&self) -> f64 {
        std::f64::consts::PI * self.r * self.r
    }
    fn name(&self) -> String {
        format!("circle(r={:.3})", self.r)
    }
    fn scale(&mut self, k: f64) {
        self.r *= k;
    }
}

impl Shape for Polygon {
    fn area(&self) -> f64 {
        let n = self.pts.len();
        (0..n)
            .map(|i| {
                let (x0, y0) = self.pts[i];
                let (x1, y1) = self.pts[(i + 1) % n];
                x0 * y1 - x1 * y0
            })
            .sum::<f64>()
            .abs()
            / 2.0
    }
    fn name(&self) -> String {
        format!("polygon[{}]", self.pts.len())
    }
    fn scale(&mut self, k: f64) {
        self.pts.iter_mut().for_each(|p| {
            p.0 *= k;
            p.1 *= k;
        });
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Cmd {
    Circle(f64),
    Poly(Vec<(f64, f64)>),
    Scale(usize, f64),
    Drop(usize),
}

#[derive(Debug)]
pub enum ParseError {
    Empty,
    UnknownVerb(String),
    BadNumber(std::num::ParseFloatError),
    BadIndex(std::num::ParseIntError),
}

impl From<std::num::ParseFloatError> for ParseError {
    fn from(e: std::num::ParseFloatError) -> Self {
        ParseError::BadNumber(e)
    }
}

impl From<std::num::ParseIntError> for ParseError {
    fn from(e: std::num::ParseIntError) -> Self {
        ParseError::BadIndex(e)
    }
}

pub fn parse(line: &str) -> Result<Cmd, ParseError> {
    let mut words = line.split_whitespace();
    let verb = words.next().ok_or(ParseError::Empty)?;
    Ok(match verb {
        "circle" => Cmd::Circle(words.next().ok_or(ParseError::Empty)?.parse()?),
        "poly" => {
            let nums = words.map(str::parse::<f64>).collect::<Result<Vec<_>, _>>()?;
            Cmd::Poly(nums.chunks_exact(2).map(|c| (c[0], c[1])).collect())
        }
        "scale" => {
            let i = words.next().ok_or(ParseError::Empty)?.parse()?;
            Cmd::Scale(i, words.next().ok_or(ParseError::Empty)?.parse()?)
        }
        "drop" => Cmd::Drop(words.next().ok_or(ParseError::Empty)?.parse()?),
        other => return Err(ParseError::UnknownVerb(other.to_owned())),
    })
}

pub type Scene = Rc<RefCell<Vec<Box<dyn Shape>>>>;

pub fn apply(scene: &Scene, cmd: Cmd) {
    let mut s = scene.borrow_mut();
    match cmd {
        Cmd::Circle(r) => s.push(Box::new(Circle { r })),
        Cmd::Poly(pts) if pts.len() >= 3 => s.push(Box::new(Polygon { pts })),
        Cmd::Poly(pts) => panic!("degenerate polygon with {} points", pts.len()),
        Cmd::Scale(i, k) => s[i].scale(k),
        Cmd::Drop(i) => {
            s.remove(i);
        }
    }
}

pub fn summarize(scene: &Scene) -> String {
    let s = scene.borrow();
    let mut by_kind: HashMap<String, (usize, f64)> = HashMap::new();
    for sh in s.iter() {
        let kind = sh.name().split(['(', '[']).next().unwrap_or("?").to_string();
        let e = by_kind.entry(kind).or_insert((0, 0.0));
        e.0 += 1;
        e.1 += sh.area();
    }
    let mut kinds: Vec<_> = by_kind.into_iter().collect();
    kinds.sort_by(|a, b| b.1 .1.partial_cmp(&a.1 .1).unwrap_or(std::cmp::Ordering::Equal));
    let mut out = String::new();
    for (k, (n, area)) in kinds {
        let _ = writeln!(out, "{k:>8}: {n} shapes, area {area:10.4}");
    }
    out
}

pub fn run_script(script: &str) -> Result<String, ParseError> {
    let scene: Scene = Rc::new(RefCell::new(Vec::new()));
    for line in script.lines().map(str::trim).filter(|l| !l.starts_with('#') && !l.is_empty()) {
        apply(&scene, parse(line)?);
    }
    Ok(summarize(&scene))
}

pub fn guarded(script: &str) -> String {
    match std::panic::catch_unwind(|| run_script(script)) {
        Ok(Ok(s)) => s,
        Ok(Err(e)) => format!("parse error: {e:?}"),
        Err(_) => "panicked".to_owned(),
    }
}
