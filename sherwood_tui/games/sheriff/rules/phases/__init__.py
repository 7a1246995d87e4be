"""The rules of each phase of a Sheriff of Nottingham round, one module a phase: each
handler takes the state and an action and gives the new state and the step's events."""
