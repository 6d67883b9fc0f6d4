"""The Statistics panel's history (issue 16): the calendar of daily deals with
the daily streak, averages, a chart of score and time over the last games
(SVG drawn here, no chart library), the table of the last games, and the
statistics file (export, import). The data is ``history.py``'s.

Loaded when the panel first opens. Every word goes in as text.
"""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy
from pyscript import document
from pyscript.ffi import is_none

from game import PLAYER_GAMES, daily

from .dom import by_id, el
from .history import KEEP, MAX_FILE, HistoryDamaged, averages, date_text, export_file, import_file, short_date
from .hud import format_clock
from .texts.games import game_name
from .texts.ui import t

SVG = "http://www.w3.org/2000/svg"
CHART_GAMES = 30  # games drawn in the chart
TABLE_ROWS = KEEP
CHART_W, CHART_H, PAD = 320, 120, 6
AXIS_L, AXIS_R = 34, 38  # room for the score's values (left) and the time's (right)


def svg(tag: str, **attrs):
    node = document.createElementNS(SVG, tag)
    for key, value in attrs.items():
        node.setAttribute(key.rstrip("_").replace("_", "-"), str(value))
    return node


def today() -> str:
    return str(js.Date.new().toISOString())[:10]


class StatsMore:
    def __init__(self, panel):
        self.panel = panel
        self.month = None  # (year, month) shown by the calendar; None: today's
        self.message = ""  # the last import's refusal, shown until the panel changes
        root = el("div", "stats-more", id="stats-more")
        by_id("stats-figures").after(root)
        self.root = root
        self.app.on(root, "click", self.app.guard(self.clicked))
        for kind in ("mouseover", "focusin"):  # the chart's points (chart)
            self.app.on(root, kind, self.app.guard(self.point_shown))
        self.app.on(root, "keydown", self.app.guard(self.point_key))
        self.file = el("input", "", type="file", id="stats-import-file", accept=".json,application/json")
        self.file.hidden = True
        self.app.on(self.file, "change", self.app.guard(self.picked))
        document.body.append(self.file)

    @property
    def app(self):
        return self.panel.app

    @property
    def records(self):
        return self.panel.progress.records

    @property
    def game_id(self):
        choice = self.panel.choice
        return None if choice not in PLAYER_GAMES else choice

    # --- drawing ----------------------------------------------------------------------------------
    def render(self) -> None:
        lang = self.app.lang
        frame = document.createDocumentFragment()
        frame.append(self.averages(lang), self.chart(lang), self.table(lang), self.calendar(lang), self.files(lang))
        self.root.replaceChildren(frame)

    def averages(self, lang: str):
        game_id = self.game_id
        entries = (
            [e for _, e in self.records.history.entries()] if game_id is None else self.records.history.entries(game_id)
        )
        found = averages(entries)
        dl = el("dl", "stats-figures stats-averages", id="stats-averages")
        if found is None:
            return dl
        none = "\u2014"
        rows = [
            ("history.avg_score", str(round(found["score"]))),
            ("history.avg_moves", str(round(found["moves"]))),
            ("history.avg_time", format_clock(found["time"])),
            ("history.avg_win_time", none if found["win_time"] is None else format_clock(found["win_time"])),
        ]
        for key, value in rows:
            item = el("div")
            item.append(el("dt", "", t(lang, key)), el("dd", "", value, data_average=key.split(".")[1]))
            dl.append(item)
        return dl

    def entries(self):
        """(game id, entry) of the games shown, oldest first."""
        game_id = self.game_id
        if game_id is None:
            return self.records.history.entries()
        return [(game_id, e) for e in self.records.history.entries(game_id)]

    def chart(self, lang: str):
        """Score (left axis, points) and time (right axis, min:s) of the last
        games, with the best and the average score as lines. Each game is a
        point that tells its figures on hover or focus (Tab, then the arrow
        keys), in the line under the chart."""
        shown = self.entries()[-CHART_GAMES:]
        box = el("figure", "stats-chart", id="stats-chart")
        if len(shown) < 2:
            box.hidden = True
            return box
        caption = t(lang, "history.chart", count=len(shown))
        drawing = svg("svg", viewBox=f"0 0 {CHART_W} {CHART_H}", role="group", aria_label=caption)
        drawing.setAttribute("preserveAspectRatio", "xMinYMid meet")
        left, right, top, bottom = AXIS_L, CHART_W - AXIS_R, PAD, CHART_H - PAD
        drawing.append(svg("rect", x=left, y=top, width=right - left, height=bottom - top, rx=4, class_="chart-ground"))
        scores = [e.score for _, e in shown]
        times = [e.time for _, e in shown]
        low, high = min(0, min(scores)), max(1, max(scores))
        t_high = max(60.0, max(times))

        def x_at(i: int) -> float:
            return left + 4 + i * (right - left - 8) / (len(shown) - 1)

        def y_at(v: float, lo: float, hi: float) -> float:
            return bottom - (v - lo) / ((hi - lo) or 1.0) * (bottom - top)

        for i in range(5):  # the grid, with each axis's values at its lines
            y = bottom - i * (bottom - top) / 4
            drawing.append(svg("line", x1=left, x2=right, y1=f"{y:.1f}", y2=f"{y:.1f}", class_="chart-grid"))
            score_tick = svg("text", x=left - 3, y=f"{y + 3:.1f}", class_="chart-tick chart-tick-score")
            score_tick.setAttribute("text-anchor", "end")
            score_tick.textContent = str(round(low + i * (high - low) / 4))
            time_tick = svg("text", x=right + 3, y=f"{y + 3:.1f}", class_="chart-tick chart-tick-time")
            time_tick.textContent = format_clock(i * t_high / 4)
            drawing.append(score_tick, time_tick)
        for cls, value in (("chart-best", max(scores)), ("chart-average", sum(scores) / len(scores))):
            y = f"{y_at(value, low, high):.1f}"
            mark = svg("line", x1=left, x2=right, y1=y, y2=y, class_=cls)
            mark.setAttribute("data-value", str(round(value)))
            drawing.append(mark)
        for values, lo, hi, cls in ((scores, low, high, "chart-score"), (times, 0.0, t_high, "chart-time")):
            line_points = " ".join(f"{x_at(i):.1f},{y_at(v, lo, hi):.1f}" for i, v in enumerate(values))
            line = svg("polyline", points=line_points, class_=cls, fill="none")
            line.setAttribute("data-count", str(len(values)))
            drawing.append(line)
        for i, (_, e) in enumerate(shown):
            x, y = f"{x_at(i):.1f}", f"{y_at(e.score, low, high):.1f}"
            if e.won:  # a win is a dot on the score line
                drawing.append(svg("circle", cx=x, cy=y, r=2.6, class_="chart-win"))
            say = t(
                lang,
                "history.point",
                n=i + 1,
                count=len(shown),
                date=short_date(lang, e.date),
                score=e.score,
                time=format_clock(e.time),
                result=t(lang, "history.won" if e.won else "history.lost"),
            )
            point = svg("circle", cx=x, cy=y, r=6, class_="chart-point", tabindex="-1" if i else "0")
            point.setAttribute("aria-label", say)
            point.setAttribute("role", "img")
            point.setAttribute("data-say", say)
            tip = svg("title")
            tip.textContent = say
            point.append(tip)
            drawing.append(point)
        units = el("p", "chart-units")
        units.append(
            el("span", "", t(lang, "history.axis_score")),
            el("span", "", t(lang, "history.axis_time")),
        )
        readout = el("p", "chart-readout", t(lang, "history.point_hint"), id="chart-readout")
        readout.setAttribute("aria-live", "polite")
        legend = el("figcaption")
        legend.append(
            el("span", "key score", t(lang, "history.score")),
            el("span", "key time", t(lang, "history.time")),
            el("span", "key best", t(lang, "history.best_value", score=max(scores))),
            el("span", "key average", t(lang, "history.average_value", score=round(sum(scores) / len(scores)))),
            el("span", "chart-caption", caption),
        )
        box.append(units, drawing, readout, legend)
        return box

    def point_shown(self, event) -> None:
        """A game's point under the pointer or the focus: its figures in words."""
        if is_none(event.target) or not hasattr(event.target, "closest"):
            return
        point = event.target.closest(".chart-point")
        if is_none(point):
            return
        for other in document.querySelectorAll("#stats-chart .chart-point.on"):
            other.classList.remove("on")
        point.classList.add("on")
        by_id("chart-readout").textContent = point.getAttribute("data-say")

    def point_key(self, event) -> None:
        """Left and right (Home, End) walk the points with the keyboard."""
        key = str(event.key)
        if is_none(event.target) or is_none(event.target.closest(".chart-point")):
            return
        points = list(document.querySelectorAll("#stats-chart .chart-point"))
        active = document.activeElement
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End") or not points:
            return
        at = next((i for i, p in enumerate(points) if p == active), 0)
        at = {"ArrowLeft": at - 1, "ArrowRight": at + 1, "Home": 0, "End": len(points) - 1}[key]
        at = max(0, min(len(points) - 1, at))
        event.preventDefault()
        for i, p in enumerate(points):
            p.setAttribute("tabindex", "0" if i == at else "-1")
        points[at].focus()

    def table(self, lang: str):
        section = el("section", "stats-history", id="stats-history")
        section.append(el("h3", "", t(lang, "history.title")))
        shown = self.entries()[-TABLE_ROWS:]
        if not shown:
            section.append(el("p", "hint", t(lang, "history.empty")))
            return section
        every = self.game_id is None
        scroll = el("div", "history-scroll", tabindex="0", role="region", aria_label=t(lang, "history.title"))
        table = el("table", "history-table")
        head = el("tr")
        keys = ["history.date", *(["history.game"] if every else []), "history.deal", "history.result"]
        keys += ["history.score", "history.time", "history.moves"]
        for key in keys:
            head.append(el("th", "", t(lang, key), scope="col"))
        thead = el("thead")
        thead.append(head)
        body = el("tbody")
        for game_id, e in reversed(shown):
            row = el("tr", "won" if e.won else "lost")
            when = short_date(lang, e.date) + " " + e.date[11:16]
            cells = [when, *([game_name(lang, game_id)] if every else [])]
            day = e.daily
            if e.deal is None:
                deal = "\u2014"
            elif day:  # the day's deal: its day said only where it was played on another
                same = day == e.date[:10]
                deal = t(lang, "history.daily") if same else t(lang, "history.daily_of", day=short_date(lang, day))
            else:
                deal = str(e.deal)
            cells += [deal, t(lang, "history.won" if e.won else "history.lost")]
            cells += [str(e.score), format_clock(e.time), str(e.moves)]
            for text in cells:
                row.append(el("td", "", text))
            body.append(row)
        table.append(thead, body)
        scroll.append(table)
        section.append(scroll, el("p", "hint", t(lang, "history.kept", count=KEEP)))
        return section

    def calendar(self, lang: str):
        game_id = self.game_id
        days = self.records.days
        now = today()
        year, month = self.month or (int(now[:4]), int(now[5:7]))
        section = el("section", "stats-calendar", id="stats-calendar")
        section.append(el("h3", "", t(lang, "calendar.title")))
        figures = el("dl", "stats-figures")
        for key, value, name in (
            ("calendar.streak", days.streak(now, game_id), "daily-streak"),
            ("calendar.best_streak", days.longest(game_id), "daily-best-streak"),
        ):
            item = el("div")
            item.append(el("dt", "", t(lang, key)), el("dd", "", str(value), id=name))
            figures.append(item)
        section.append(figures)
        head = el("div", "calendar-head")
        first_month = (int(daily.FIRST_DAY[:4]), int(daily.FIRST_DAY[5:7]))
        this_month = (int(now[:4]), int(now[5:7]))
        prev = el("button", "icon-btn calendar-prev", "\u2039", type="button", data_step="-1")
        prev.setAttribute("aria-label", t(lang, "calendar.prev"))
        prev.disabled = (year, month) <= first_month
        nxt = el("button", "icon-btn calendar-next", "\u203a", type="button", data_step="1")
        nxt.setAttribute("aria-label", t(lang, "calendar.next"))
        nxt.disabled = (year, month) >= this_month
        title = t(lang, "date.month_year", month=t(lang, f"month.{month}"), year=year)
        head.append(prev, el("span", "calendar-month", title, id="calendar-month", aria_live="polite"), nxt)
        section.append(head)
        grid = el("div", "calendar-grid", role="group", aria_labelledby="calendar-month")
        for wd in range(1, 8):
            grid.append(el("span", "calendar-wd", t(lang, f"weekday.{wd}"), aria_hidden="true"))
        first = daily.days_from_civil(year, month, 1)
        offset = (first + 3) % 7  # 1970-01-01 was a Thursday: Monday is 0
        for _ in range(offset):
            grid.append(el("span", "calendar-pad"))
        today_n = daily.parse_day(now)
        for d in range(1, daily.month_length(year, month) + 1):
            date = f"{year:04d}-{month:02d}-{d:02d}"
            n = first + d - 1
            state = days.state(date, game_id)
            cell = el("button", "calendar-day", str(d), type="button", data_day=date)
            cell.dataset.state = state or "none"
            if n == today_n:
                cell.classList.add("today")
                cell.setAttribute("aria-current", "date")
            keys = {"goal": "calendar.day_goal", "won": "calendar.day_won", "played": "calendar.day_played"}
            key = keys.get(state, "calendar.day_open")
            if n == today_n and state in ("won", "goal"):  # today's deal already won: marked (app.css)
                key = "calendar.day_goal_today" if state == "goal" else "calendar.day_won_today"
            cell.setAttribute("aria-label", t(lang, key, date=date_text(lang, date)))
            cell.disabled = n > today_n or n < daily.FIRST
            grid.append(cell)
        section.append(grid)
        legend = el("p", "calendar-legend hint")
        legend.append(
            el("span", "key goal", t(lang, "calendar.goal")),
            el("span", "key won", t(lang, "calendar.won")),
            el("span", "key played", t(lang, "calendar.played")),
        )
        section.append(legend, el("p", "hint", t(lang, "calendar.streak_hint")))
        return section

    def files(self, lang: str):
        section = el("div", "stats-files")
        row = el("div", "actions")
        row.append(
            el("button", "", t(lang, "history.export"), type="button", id="stats-export"),
            el("button", "", t(lang, "history.import"), type="button", id="stats-import"),
        )
        msg = el("p", "hint warn", self.message, id="stats-file-msg", role="alert")
        msg.hidden = not self.message
        section.append(el("p", "hint", t(lang, "history.file_hint")), row, msg)
        return section

    # --- acting -----------------------------------------------------------------------------------
    def clicked(self, event) -> None:
        target = event.target.closest("button")
        if is_none(target) or target.disabled:
            return
        step = target.getAttribute("data-step")
        day = target.getAttribute("data-day")
        if step:
            self.turn(int(step))
        elif day:
            self.play(str(day))
        elif target.id == "stats-export":
            self.export()
        elif target.id == "stats-import":
            self.message = ""
            self.file.value = ""
            self.file.click()

    def turn(self, step: int) -> None:
        now = today()
        year, month = self.month or (int(now[:4]), int(now[5:7]))
        month += step
        year, month = (year + (month - 1) // 12, (month - 1) % 12 + 1)
        self.month = (year, month)
        self.render()
        focus = self.root.querySelector(".calendar-prev" if step < 0 else ".calendar-next")
        if focus is not None and not focus.disabled:
            focus.focus()

    def play(self, date: str) -> None:
        """A day of the calendar: that day's deal of the game shown (or the one on the table)."""
        try:
            daily.check_day(date, today())
        except ValueError:
            return
        app = self.app
        game_id = self.game_id or app.game.spec.id
        self.panel.dialog.close()
        app.choose(game_id, daily.daily_number(date))

    def export(self) -> None:
        progress = self.panel.progress
        now = str(js.Date.new().toISOString())
        text = export_file(progress.stats, self.records.history, self.records.days, now)
        blob = js.Blob.new([text], js.Object.fromEntries([["type", "application/json"]]))
        href = js.URL.createObjectURL(blob)
        link = el("a", "", download=f"solitaire-statistics-{now[:10]}.json", href=href)
        link.hidden = True
        document.body.append(link)
        link.click()
        link.remove()
        js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(href)), 10_000)

    def picked(self, event) -> None:
        files = self.file.files
        if files is None or not files.length:
            return
        file = files.item(0)
        if float(file.size) > MAX_FILE * 4:
            self.refuse("too large")
            return
        done = create_proxy(self.app.guard(lambda text: self.take(str(text))))
        failed = create_proxy(self.app.guard(lambda err: self.refuse("unreadable")))
        file.text().then(done, failed)

    def refuse(self, reason: str) -> None:
        self.message = t(self.app.lang, "history.import_refused", reason=reason)
        self.render()

    def take(self, text: str) -> None:
        try:
            stats, history, days = import_file(text)
        except HistoryDamaged as e:
            self.refuse(str(e))
            return
        progress = self.panel.progress
        progress.stats = stats
        progress.save_stats()
        self.records.replace(history, days)
        self.message = ""
        self.panel.render()
        self.app.show_toast(t(self.app.lang, "history.imported"))
