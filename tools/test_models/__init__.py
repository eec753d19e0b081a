"""Families of small test models for tools/make_test_models.py."""
