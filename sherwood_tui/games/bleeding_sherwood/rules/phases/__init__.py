"""The phases of a Bleeding Sherwood round, one module each: dealing the targets,
bidding, collecting, and the round's end (which deals the next round or ends the game).
A step works on one `Draft` of the state and appends its public events to a list."""
