// Four Point Smear's drawing of the table on the server's page (its `page_script`): the trick in
// the middle, the contract and trump, the tricks taken and the last trick in the corners, the
// cards taken up and discarded, bids as buttons, a discard chosen card by card, and the last
// hand's points. The page's kit (`kit`) draws the cards and the trick.

export default function smearTable(kit) {
  const { el, cardEl, seatName, sideName } = kit;

  function table(st) {
    const view = st.view;
    const ui = kit.ui();
    if (!ui.discard) ui.discard = new Set();
    const facts = el("div", { class: "facts corner-info tl" });
    facts.append(el("div", { class: "fact-label", text: `Hand ${view.hand_number} \u00b7 ${view.phase}` }));
    if (view.bidder !== null) facts.append(el("div", { id: "contract", text: `${seatName(view.bidder)}: bid ${view.bid}` }));
    if (view.trump) {
      facts.append(el("div", { class: "fact-label", text: "Trump" }),
        el("div", { class: `trump suit-${view.trump}`, id: "trump", title: kit.SUIT_NAME[view.trump], text: kit.SUIT_SYMBOL[view.trump] }));
    } else if (view.bidder !== null) {
      facts.append(el("div", { class: "fact-label", text: "Trump: the first card led" }));
    }
    const tricks = el("div", { class: "facts corner-info tr" });
    if (view.phase === "play" || view.tricks_won.some((n) => n > 0)) {
      tricks.append(el("div", { class: "fact-label", text: "Tricks this hand" }));
      view.tricks_won.forEach((n, side) => tricks.append(el("div", { text: `${sideName(side)}: ${n}` })));
    }
    const last = view.last_trick; // the last completed trick of this hand, as the view carries it
    if (last) {
      tricks.append(el("div", { class: "fact-label", text: `Last trick: ${seatName(last.winner)}` }),
        el("div", { class: "last-trick" }, ...last.cards.map((c) => cardEl(c.card, true))));
    }
    const mine = el("div", { class: "facts corner-info bl" });
    if (view.picked_up && view.picked_up.length) {
      mine.append(el("div", { class: "fact-label", text: "You took up" }),
        el("div", { class: "last-trick" }, ...view.picked_up.map((c) => cardEl(c, true))));
    }
    if (view.discarded && view.discarded.length) {
      mine.append(el("div", { class: "fact-label", text: "You discarded" }),
        el("div", { class: "last-trick" }, ...view.discarded.map((c) => cardEl(c, true))));
    }
    kit.node("center").append(el("div", { class: "trick-center" }, kit.trickEl(view.trick)), facts, tricks, mine);

    const legal = st.legal_actions;
    const plays = new Map(legal.filter((a) => a.type === "play").map((a) => [a.card, a]));
    const discards = legal.filter((a) => a.type === "discard");
    const toggle = (card) => {
      if (ui.discard.has(card)) ui.discard.delete(card);
      else ui.discard.add(card);
      kit.redraw();
    };
    const hand = kit.node("hand");
    for (const card of view.hand) {
      const playable = plays.get(card);
      const discardable = discards.length > 0 && discards.some((a) => a.cards.includes(card));
      const idle = plays.size === 0 && discards.length === 0;
      hand.append(el("button", {
        class: `piece card-piece${playable || discardable ? " legal" : ""}${ui.discard.has(card) ? " selected" : ""}${idle ? " idle" : ""}`,
        "data-card": card,
        "data-piece": card,
        disabled: !(playable || discardable) || kit.busy(),
        onclick: () => (playable ? kit.send(playable) : toggle(card)),
      }, cardEl(card)));
    }
    const bar = kit.node("actions");
    for (const action of legal) {
      if (action.type === "pass") bar.append(el("button", { class: "action-btn", "data-type": "pass", onclick: () => kit.send(action) }, "Pass"));
      if (action.type === "bid") {
        bar.append(el("button", { class: "action-btn primary", "data-type": "bid", "data-amount": action.amount, onclick: () => kit.send(action) },
          `Bid ${action.amount}`));
      }
    }
    if (discards.length) {
      const need = discards[0].cards.length;
      const chosen = ui.discard;
      const match = discards.find((a) => a.cards.length === chosen.size && a.cards.every((c) => chosen.has(c)));
      bar.append(el("span", { class: "status", text: `Choose ${need} card${need > 1 ? "s" : ""} to discard (${chosen.size}/${need})` }),
        el("button", { class: "action-btn primary", "data-type": "discard", disabled: !match, onclick: () => kit.send(match) }, "Discard"));
    }
  }

  // The "Last hand" panel: the contract, who won each point, the card points.
  function lastHand(st) {
    const last = st.view.last_hand;
    if (!last) return false;
    const box = kit.node("lastHand");
    box.replaceChildren();
    const outcome = last.made ? "made it" : last.bidder === st.seat ? "were set" : "was set";
    box.append(el("p", { text: `Hand ${last.hand_number}: ${seatName(last.bidder)} bid ${last.bid} and ${outcome}.` }));
    const list = el("ul", { class: "awards" });
    for (const award of last.awards) {
      const who = award.side === null ? "nobody" : sideName(award.side);
      list.append(el("li", {}, el("span", { text: `${award.point}${award.card ? ` (${award.card})` : ""}` }), el("b", { text: who })));
    }
    box.append(list, el("p", { class: "target-note", text: `Card points for game: ${last.card_points.join(" \u2013 ")}` }));
    return true;
  }

  return { table, lastHand, hint: kit.hint };
}
