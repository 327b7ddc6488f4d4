"""lawalign: align published translations of a law and report where editions diverge."""
