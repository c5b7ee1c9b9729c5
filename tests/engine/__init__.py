"""Tests of the rules engine, written from the rule texts (seeds 001-004) and the engine spec."""
