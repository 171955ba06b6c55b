"""Every bundled sample, played to the middle of round 2: damage, injuries, ailments and
an open reminder, with seeded dice (the snapshot and fit tests start from these)."""

from __future__ import annotations

MIDFIGHT: dict[str, tuple[str, ...]] = {
    "basic-bandits-at-the-ford.toml": (
        "start",
        "dmg captain 9",
        "ail captain Prone rounds=2",
        "ail archer Frightened rounds=3",
        "ail archer Poisoned",
        "dmg archer 5",
        "dmg bandit-1 9",
        *("next",) * 9,
        "note! the archer has fled into the reeds, shooting as she goes",  # hidden: sent anyway
    ),
    "nerv-sachiel.toml": (
        "start",
        "dmg sachiel 12 @core exploit",
        "ail sachiel Burning",
        "wound rei 4 @left-leg",
        "ail unit-02 Dizzy",
        "wound unit-02 3 @head",
        *("next",) * 5,
    ),
    "wrath-ork-boarding.toml": (
        "start",
        "dmg nob 14",
        "wound kell 6",
        "ail amelia Hindered 2",
        "ail nob Prone",
        "ail nob Vulnerable 1",
        *("next",) * 7,
    ),
    "alien-operations-deck.toml": (
        "start",
        "dmg ripley 4",
        "stress hudson +2",
        "ail vasquez cover",
        *("next",) * 9,
    ),
    "eva-escale-ramiel.toml": (
        "start",
        "dmg unit-01 30 @torso",
        "wound ramiel 40",
        "ail asuka Stunned rounds=2",
        "ail unit-02 Blinded rounds=1",
        *("next",) * 4,
    ),
    "persona-d100-shadows.toml": (
        "start",
        "dmg slime 9 element=ice",
        "dmg yosuke 8 element=fire",
        "ail chie Burn category=Physical rounds=3",
        *("next",) * 8,
    ),
}
