//! The operator's own country: the numbers a survivor calls in danger and their labels.
//! The resource list, default weather city, exit pages and product name live in their own sections;
//! languages an operator adds are catalogue files next to the config file.

pub mod catalogue_route;
pub mod catalogues;
pub mod config;
