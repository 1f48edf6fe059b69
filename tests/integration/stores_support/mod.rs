//! The stores' stand-ins every test of this binary shares, each started once per test process by the first
//! test that asks: a throwaway PostgreSQL cluster (`postgres::cluster()`) and an S3 bucket (`s3::bucket()`).
#![allow(dead_code)]

pub mod postgres;
pub mod s3;
