"""The modal screens (damage, ailment, add, dice, help, confirm), one per module."""
