/* global module */
module.exports = Object.entries;
