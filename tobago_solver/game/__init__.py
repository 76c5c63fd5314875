"""The Tobago game: state, actions, set-up, distribution, bots, records and simulation."""
