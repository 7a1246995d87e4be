"""The phases of a Sherwood game turn, one module each. Each changes a `StepDraft` of
the state in place and appends its public events (`Event.of`: a template and its
arguments); `rules.SherwoodGame.apply` makes the one new state of the step."""
