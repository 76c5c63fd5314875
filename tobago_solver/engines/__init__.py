"""Engines that answer "where can the treasure be?"; each takes the same arguments."""
