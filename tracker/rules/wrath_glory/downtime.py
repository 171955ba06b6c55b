"""wrath-glory between fights (seed 002): no rest in the text; what the numbers mean.

Shock, Wounds and Wrath last as they stand (the text states no recovery between fights);
Glory is the table's pool, 0 at the start of each session (l.318). A PC carried in at 0
Shock is Exhausted until Shock is restored above 0 (l.195-196, 282); a Hero at 0 Wounds
is still unconscious (and Prone) until Wounds are recovered (l.234-237), with the Defiance
Check failures they have (l.249-251) or Stabilised (l.258-260); with Wounds back, both go.
Poisoned lasts until a passed Toughness test or Medicae ends it (l.304-307), fight or not.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.rules.downtime import Downtime
from tracker.rules.wrath_glory.damage import add_effect, drop_effect, shock_immune
from tracker.rules.wrath_glory.dice import is_hero


class WrathDowntime(Downtime):
    """No rest; Exhausted and unconsciousness follow the carried Shock and Wounds."""

    def settle(self, draft: Draft, who: str) -> None:
        """Exhausted at 0 Shock; a Hero at 0 Wounds is down, Unconscious and Prone; anyone
        else at 0 Wounds is out of the fight (down)."""
        fighter = draft.state.combatant(who)
        no_shock = fighter.tracks.get("shock") == 0 and not shock_immune(fighter)
        if no_shock and not fighter.condition("Exhausted"):
            add_effect(draft, who, "Exhausted", "still at 0 Shock")
        if fighter.track("wounds") > 0:
            drop_effect(draft, who, "Stabilised", "Wounds recovered")
            if fighter.track("defiance"):
                text = f"{fighter.name}: Defiance failures {fighter.track('defiance')} → 0"
                draft.emit(ev.TrackSet, who=who, track="defiance", value=0, text=text)
            return
        if fighter.status == "dead":
            return
        if not is_hero(fighter, self.rules.data):  # as ``_drop`` has one fall
            if fighter.status == "active":
                text = f"{fighter.name} is at 0 Wounds and out of the fight"
                draft.emit(ev.StatusChanged, who=who, status="down", text=text)
            return
        if fighter.status != "down":
            draft.emit(
                ev.StatusChanged,
                who=who,
                status="down",
                text=f"{fighter.name} is still unconscious at 0 Wounds",
            )
        for name in ("Unconscious", "Prone"):
            if not draft.state.combatant(who).condition(name):
                add_effect(draft, who, name, "at 0 Wounds")
