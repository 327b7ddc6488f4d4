"""Evaluation against hand-made gold data: unit ids, sentence alignment (and divergences)."""
