"""The UI-free rules layer shared by every game (never imports textual or rich).

Modules: contract (the Game contract), errors, rng, session, saves, bots.
"""
