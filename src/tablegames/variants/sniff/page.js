// American Sniff's drawing of the table on the server's page (its `page_script`): the count, the
// layout with the Sniff outlined, a choice of end when a tile fits several, and the last hand's
// table. The page's kit (`kit`) draws the pieces and the line; this module says what Sniff shows.

export default function sniffTable(kit) {
  const { el } = kit;

  // The last finished hand: its final layout, as the view carries it (`last_layout`), and the
  // lines of its end (from its hand_ended event to the next deal).
  function lastHand(st) {
    const layout = st.view.last_layout;
    if (!layout) return null;
    const events = kit.events();
    let end = -1;
    for (let i = events.length - 1; i >= 0; i -= 1) {
      if (events[i].type === "hand_ended" && events[i].hand_number === layout.hand_number) { end = i; break; }
    }
    let next = events.findIndex((e, i) => i > end && e.type === "hand_dealt");
    if (next < 0) next = events.length;
    return { view: layout, number: layout.hand_number, lines: end < 0 ? [] : kit.lines().slice(end, next) };
  }

  function layoutEl(view, targets, fresh, id) {
    return kit.lineEl(view, { id, targets, fresh, marked: new Set(view.sniff ? [view.sniff] : []) });
  }

  // The pieces the latest state's events played.
  function freshTiles() {
    return new Set(kit.freshEvents().filter((e) => e.type === "tile_played").map((e) => e.tile));
  }

  function table(st) {
    const view = st.view;
    const selected = kit.ui().selected;
    const choices = selected
      ? st.legal_actions.filter((a) => a.tile === selected && a.end !== null).map((a) => ({ end: a.end, action: a }))
      : [];
    const counting = view.count > 0 && view.count % 5 === 0;
    const center = kit.node("center");
    center.append(
      el("div", { class: "count-box" },
        el("span", { class: "count-label", text: "Count" }),
        el("span", { class: `count${counting ? " scores5" : ""}`, id: "count", "data-count": view.count, text: String(view.count) }),
        el("span", { class: "stock", id: "ends", text: view.ends.length ? `Ends: ${view.ends.map((e) => `${e.id} ${e.value}`).join(" \u00b7 ")}` : "" }),
        el("span", { class: "stock", id: "stock", text: `Stock: ${view.stock_size}` }),
        el("span", { class: "stock", text: `Hand ${view.hand_number} \u00b7 to ${view.target}` })),
      layoutEl(view, choices, freshTiles(), "layout"));
    const last = view.opening ? null : lastHand(st);
    if (last && last.number === view.hand_number - 1) {
      center.append(el("div", { class: "previous" },
        el("p", { class: "fact-label", text: `The table at the end of hand ${last.number}` }),
        layoutEl(last.view, [], new Set(), "previous-layout")));
    }
    kit.handEl(st);
    const bar = kit.node("actions");
    if (choices.length) {
      bar.append(el("span", { class: "status", text: `Where does ${selected} go?` }));
      for (const choice of choices) {
        const value = (view.ends.find((e) => e.id === choice.end) || {}).value;
        bar.append(el("button", { class: "end-choice", "data-end": choice.end, onclick: () => kit.send(choice.action) },
          `${choice.end} end (${value})`));
      }
      bar.append(el("button", { onclick: () => { kit.ui().selected = null; kit.redraw(); } }, "Cancel"));
    }
  }

  // The "Last hand" panel: the final layout and what each seat scored.
  function lastHandPanel(st) {
    const last = lastHand(st);
    if (!last) return false;
    const box = kit.node("lastHand");
    box.replaceChildren(el("p", { class: "target-note", text: `The table at the end of hand ${last.number}:` }),
      layoutEl(last.view, [], new Set(), "last-layout"));
    const list = el("ul", { class: "awards" });
    for (const line of last.lines) list.append(el("li", { text: kit.youLine(line) }));
    box.append(list);
    return true;
  }

  return { table, lastHand: lastHandPanel, hint: kit.hint };
}
