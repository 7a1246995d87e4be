"""The Textual app: picker, setup, curtain and the screens shared by every game."""
