"""Errors of the rules layer."""


class RuleError(Exception):
    """An illegal action; the message is written for the player who tried it."""


class SaveError(Exception):
    """A save file that cannot be loaded; the message is one line naming the problem."""
