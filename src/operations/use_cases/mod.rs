//! What the operator's console asks of the whole service, one file per question.

pub mod health_report;
