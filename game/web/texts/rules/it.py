"""Le regole in italiano: le stesse chiavi e gli stessi campi di ``en.py``."""

from __future__ import annotations

from .items import D

TITLES = {
    "goal": "Scopo",
    "cards": "Le carte",
    "layout": "Disposizione",
    "moves": "Come si spostano le carte",
    "stock_row": "Mazzo",
    "stock": "Mazzo e mazzetto",
    "foundations": "Basi",
    "scoring": "Punteggio",
    "undo": "Annullare le mosse",
    "end": "Fine della partita",
    "ties": "Parità",
    "controls": "Comandi",
    "table": "Orologio, abbandono e stallo",
}

NUMBERS = (
    "nessuna",
    "una",
    "due",
    "tre",
    "quattro",
    "cinque",
    "sei",
    "sette",
    "otto",
    "nove",
    "dieci",
    "undici",
    "dodici",
)
AND = " e "

TABLE = {
    "clock": "L'orologio parte con la tua prima mossa o pescata, non quando si distribuiscono le carte. Si "
    "ferma mentre una finestra copre il tavolo (queste regole, l'elenco dei giochi, le statistiche, le "
    "impostazioni) e mentre la pagina è nascosta. In una sfida parte quando accetti (se la sfida è tua, "
    "con la prima mossa) e non si ferma mai.",
    "clock_points": "I punti che dipendono dal tempo seguono questo orologio.",
    "leave": "Se inizi una nuova smazzata, ricominci o cambi gioco mentre questa partita è in corso (con "
    "almeno una mossa fatta), questa partita conta come persa. Prima ti viene chiesta conferma (nelle "
    "impostazioni puoi togliere la domanda). Una partita lasciata senza alcuna mossa non conta affatto.",
    "stall": "Quando non resta alcuna mossa, compare un avviso, ma la partita non è ancora finita: annulla una "
    "mossa per tentare un'altra strada, oppure chiudi la partita. Solo allora finisce e conta. In una "
    "sfida finisce subito.",
    "stall_no_undo": "Questo gioco non ha l'annullamento: quando non resta alcuna mossa, finisce subito.",
}

W = {
    "goal": "Lo scopo è portare tutte le {cards} carte sulle {foundations_w} basi, ognuna di un solo seme, "
    "dall'{ace} al {king}.",
    "goal_aces": "Gli {aces_w} Assi partono già sulle basi; sopra vanno le altre {to_home} carte, "
    "ogni base in un solo seme fino al {king}.",
    "goal_runs": "Lo scopo è comporre nelle colonne {foundations_w} sequenze dal {king} giù fino all'{ace}, "
    "ciascuna di un solo seme: ogni sequenza completa va su una base, e quando ci sono tutte e {foundations_w} "
    "la partita è vinta.",
    "one_suit": "{cards} carte, tutte di un solo seme ({suit_names}): ogni carta dall'{ace} al {king} "
    "ripetuta {copies_w} volte.",
    "few_suits": "{cards} carte di {suits_w} semi ({suit_names}): ogni carta dall'{ace} al {king} "
    "ripetuta {copies_w} volte.",
    "cells": "Ci sono poi {cells_w} celle libere, ognuna con posto per una sola carta; all'inizio sono vuote.",
    "cell_moves": "La carta in cima a qualsiasi colonna può andare in una cella libera vuota, e da lì su una "
    "colonna o su una base.",
    "runs_home": "Quando in cima a una colonna si forma una sequenza completa dal {king} all'{ace} dello stesso "
    "seme, va da sola su una base, dentro la stessa mossa che l'ha completata: annullando quella mossa, "
    "la sequenza torna al suo posto. Nessun'altra carta va sulle basi.",
    "decks": "Si mescolano insieme {copies_w} mazzi completi: {cards} carte.",
    "aces": "Prima di mescolare si tolgono gli {aces_w} Assi e si mettono sulle basi.",
    "even": "{columns} colonne da {per_column} carte, sfalsate in modo che ogni carta sia visibile.",
    "even_down": "{columns} colonne da {per_column} carte, sfalsate verso il basso.",
    "stairs": "{columns} colonne, {dealt} carte in tutto: la prima ha una sola carta e ogni colonna successiva "
    "una carta in più, fino alle {last} dell'ultima.",
    "listed": "{columns} colonne con {counts} carte, da sinistra a destra.",
    "all_up": "Sono tutte scoperte.",
    "top_up": "In ogni colonna è scoperta solo la carta in cima.",
    "one_down": "La carta più in basso di ogni colonna è coperta, le {up_w} sopra sono scoperte.",
    "some_down": "Le {down_w} carte più in basso di ogni colonna sono coperte, le {up_w} in cima scoperte.",
    "top_n_up": "In ogni colonna le {most_up_w} carte in cima sono scoperte (tutte, in una colonna più corta), "
    "quelle sotto coperte.",
    "listed_down": "Coperte in fondo alle colonne, da sinistra a destra: {downs}.",
    "opening_waste": "Delle {rest} carte restanti, {waste_w} vengono girate e formano il mazzetto; "
    "le altre {stock} restano coperte nel mazzo.",
    "stock_left": "Le altre {stock} carte, coperte, formano il mazzo.",
    "empty_foundations": "All'inizio le {foundations_w} basi sono vuote.",
    "runs": "Una sequenza, cioè carte già disposte secondo questa regola, si sposta in blocco, "
    "tutta intera o a partire da una qualsiasi delle sue carte.",
    "one_card": "Si sposta una carta alla volta; da una colonna, solo quella in cima.",
    "reveal": "Una carta coperta che resta in cima alla sua colonna si scopre subito.",
    "draw_1": "Un clic sul mazzo gira la carta in cima e la mette scoperta sul mazzetto.",
    "draw_n": "Un clic sul mazzo gira le {draw} carte successive sul mazzetto (meno, se ne restano meno).",
    "waste": "Del mazzetto si gioca solo la carta in cima, in qualsiasi momento, su una base o su una colonna; "
    "quando la giochi, ricompare quella sotto. Sul mazzetto non si posa mai una carta.",
    "stock_play": "Puoi anche trascinare la carta in cima al mazzo direttamente su una colonna o su una base: "
    "pescarla e giocarla diventano una sola mossa, e un solo Annulla la annulla per intero.",
    "redeal_always": "Quando il mazzo è vuoto, un clic rigira il mazzetto e lo trasforma in un nuovo mazzo, "
    "tutte le volte che vuoi.",
    "no_redeal": "Il mazzo non si rigira: una volta esaurito, resta vuoto.",
    "redeal_n": "Quando il mazzo è vuoto, puoi rigirare il mazzetto e rifare il mazzo fino a {redeals} "
    "volte: in tutto puoi quindi scorrere il mazzo fino a {passes} volte.",
    "foundations_one": "Ogni base sale in un solo seme, dall'{ace} al {king}, una carta alla volta.",
    "foundations_many": "{Foundations_w} basi, {copies_w} per seme, salgono nello stesso seme dall'{ace} al "
    "{king}, una carta alla volta.",
    "back": "La carta in cima a una base può tornare su una colonna.",
    "stays": "Le carte sulle basi ci restano: non tornano mai sulle colonne.",
    "no_points": "Questo gioco non tiene il punteggio: conta solo risolverlo.",
    "aces_score": "Gli {aces_w} Assi che partono già sulle basi non valgono punti.",
    "undo_free": "Puoi annullare e ripetere tutte le mosse che vuoi, senza alcun costo.",
    "undo_all": "Puoi annullare tutte le mosse che vuoi.",
    "undo_depth": "Puoi annullare al massimo le ultime {depth} mosse: il gioco ricorda solo le {depth} più "
    "recenti e ogni nuova mossa fa uscire la più vecchia. Anche pescare e girare il mazzetto sono mosse.",
    "undo_cost_none": "Annullare una mossa non costa nulla.",
    "undo_cost_one": "Ogni annullamento costa {undo_cost} punto e cancella anche i punti che la mossa aveva "
    "fatto guadagnare o perdere.",
    "undo_cost_many": "Ogni annullamento costa {undo_cost} punti e cancella anche i punti che la mossa aveva "
    "fatto guadagnare o perdere.",
    "redo": "Una mossa annullata si può ripetere.",
    "no_redo": "Una mossa annullata non si può ripetere.",
    "no_undo": "Le mosse non si annullano: pensaci bene prima di giocare.",
    "no_undo_forced": "Le mosse non si annullano; del resto sono tutte obbligate.",
    "won": "Risolto: tutte le {cards} carte sono sulle basi.",
    "stalled": "Stallo",
    "stalled_named": "{word}",  # the game's own word is Italian already
    "stall_undo": "Compare un avviso: in una sfida la partita finisce lì, in allenamento puoi ancora annullare "
    "(vedi «{table_title}»).",
    "stall_ends": "Compare un avviso e la partita finisce.",
    "stock_done": "il mazzo è esaurito",
    "stock_done_redeals": "il mazzo è esaurito senza più giri",
    "stock_none": "non c'è un mazzo da cui pescare",
    "time_up": "Tempo scaduto: se la sfida ha un limite di tempo, la partita finisce allo scadere.",
    "give_up": "Abbandono: puoi smettere quando vuoi e resta valido il punteggio raggiunto.",
    "final": "Comunque finisca, il punteggio di quel momento è definitivo; in una sfida vince il punteggio più alto.",
    "ties": (
        "A parità di punti è davanti chi ha raggiunto il proprio punteggio finale a un numero di mossa "
        "più basso (ogni mossa fa avanzare di 1 il contatore del giocatore).",
        "Se nessuno dei giocatori a pari punti ha fatto mosse, l'ordine viene sorteggiato.",
        "In una sfida senza tempo, in caso di parità al primo posto tutti rigiocano una nuova "
        "distribuzione ripartendo da zero.",
    ),
    "span": "da {first} a {last}",
    "row": "{where} {piles}",
    "row_n": "nella fila {n}",
}
ROW_PLACES = {3: ("in alto", "al centro", "in basso")}

BUILD = {
    "alternate": "Nelle colonne si scende di un valore alla volta alternando i colori: "
    "un 6 rosso su un 7 nero, un 6 nero su un 7 rosso.",
    "same-suit": "Nelle colonne si scende di un valore alla volta restando nello stesso seme: "
    "su un 7 di cuori va solo un 6 di cuori.",
    "any-suit": "Nelle colonne si scende di un valore alla volta, senza badare al seme: ogni 6 va su ogni 7.",
    "other-suit": "Nelle colonne si scende di un valore alla volta cambiando seme, qualunque sia il colore: "
    "un 6 di cuori va su un 7 di picche, di fiori o di quadri, ma non su un 7 di cuori.",
}
EMPTY = {
    "king": {
        True: "In una colonna vuota può andare solo un {king}, o una sequenza che comincia con un {king}.",
        False: "In una colonna vuota può andare solo un {king}.",
        "groups": "In una colonna vuota può andare solo un {king}, insieme a tutto ciò che ha sopra.",
    },
    "any": {
        True: "Una colonna vuota accetta qualsiasi carta e qualsiasi sequenza spostabile.",
        False: "Una colonna vuota accetta qualsiasi carta.",
    },
}
MOVES = {
    "suit-runs": "Qualsiasi carta in cima si può spostare da sola. Più carte si spostano insieme solo se sono "
    "tutte dello stesso seme, ognuna di un valore più bassa di quella su cui poggia.",
    "groups": "Qualsiasi carta scoperta si può spostare, e tutte le carte che ha sopra la seguono, in "
    "qualunque ordine siano. La carta che prendi deve potersi posare dove la porti.",
}
RUN_LIMIT = {
    "supermove": D(
        "supermove-limit",
        "Quante carte si spostano insieme dipende dallo spazio libero: una in più delle celle libere vuote, "
        "e il numero raddoppia per ogni colonna vuota tranne quella di arrivo (3 celle vuote e 1 colonna vuota: fino a "
        "8 carte). È proprio quanto si potrebbe spostare una carta alla volta passando per lo spazio libero.",
    ),
}
SHUFFLE = {
    "microsoft": D(
        "microsoft-deals",
        "I numeri delle partite sono quelli di FreeCell di Microsoft: la partita N qui è la stessa smazzata "
        "della partita N là, quindi i numeri che conosci valgono ancora, compresa la celebre 11982 "
        "che non si può risolvere.",
    ),
}
STOCK = {
    "row": (
        "Un clic sul mazzo posa una carta scoperta su ciascuna delle {columns} colonne insieme, in una sola "
        "mossa: le sue {stock} carte bastano per {deals} di questi giri.",
        D(
            "deal-no-empty-column",
            "Il mazzo distribuisce solo se nessuna colonna è vuota: prima riempi ogni vuoto.",
        ),
    ),
}
STALL = {
    "stock-pass": "{stalled}: non resta alcuna mossa tranne pescare o girare il mazzetto, e nemmeno un giro "
    "completo del mazzo ne offrirebbe una.",
    "no-move": "{stalled}: non resta alcuna mossa consentita; {stock_done} e nessuna carta si può spostare.",
    "chain-end": "La catena si interrompe quando una carta finisce su una pila che non ha più carte coperte "
    "da girare. Succede esattamente all'arrivo dell'ultimo {start}, perché la pila con l'etichetta {start} ha già "
    "scoperto la sua prima carta all'inizio.",
}
GUARANTEE = {
    "scoring-move": "Ogni distribuzione offre fin dall'inizio almeno una mossa che fa punti, "
    "e lo stesso numero di partita dà sempre la stessa distribuzione.",
}
CARDS = {
    "italian": (
        "Si usa un mazzo italiano da {cards} carte. In ordine crescente: Asso, dal 2 al 7, Fante, Cavallo, Re.",
        "Le carte napoletane e piacentine hanno numeri negli angoli: Asso 1, Fante 8, Cavallo 9, Re 10.",
        "Denari e coppe sono rossi, bastoni e spade neri. Con le carte francesi diventano "
        "quadri, cuori, fiori e picche.",
        "Nelle impostazioni scegli se giocare con carte napoletane, piacentine o francesi.",
    ),
}
SCORING = {
    "reloaded": (
        "Valore delle carte: Asso 1, le carte numerate il loro numero, Fante 11, Donna 12, Re 13.",
        "+{reveal} ogni volta che in una colonna si scopre una carta coperta.",
        "+{home_per_rank} × il valore della carta quando arriva su una base (un Re porta {top_home}).",
        D(
            "home-points-once",
            "Questi punti una carta li guadagna solo la prima volta che arriva su una base: "
            "riportarla su una colonna e poi di nuovo sulla base non frutta altro.",
        ),
        "+{waste_to_column_per_rank} × il valore della carta quando passa dal mazzetto a una colonna.",
        "−{foundation_to_column} quando una carta torna da una base a una colonna.",
        "−{redeal} ogni volta che giri il mazzetto per rifare il mazzo.",
        "−{undo_cost} per ogni mossa annullata.",
        "−{time_cost} ogni {time_step} secondi pieni di gioco.",
        D(
            "solved-bonus-steps",
            "Risolvere il solitario vale {solved} + {solved_steps} ÷ passi, arrotondato per difetto. I passi sono "
            "le mosse della tua linea di gioco finale: pescare e girare il mazzetto contano, "
            "le mosse annullate no.",
        ),
        D(
            "score-floor-zero",
            "Il punteggio non scende mai sotto lo 0. Le penalità oltre lo zero però restano in conto: "
            "vanno recuperate prima che il punteggio torni a salire.",
        ),
    ),
    "solitario": (
        "+{from_waste} per ogni carta giocata dal mazzetto.",
        "+{reveal} quando in una colonna si scopre una carta coperta.",
        "+{home} per ogni carta che arriva su una base: dal mazzetto direttamente alla base fanno quindi {waste_home}.",
        "−{off_home} per ogni carta che lascia una base.",
        "Il tempo, di per sé, non toglie punti.",
    ),
    "forty-thieves": (
        D(
            "five-per-card-home",
            "Ogni carta messa su una base vale {per_card} punti: una partita risolta ne vale quindi {best}. "
            "Nient'altro dà o toglie punti.",
        ),
    ),
    "classic": (
        "+{from_waste} quando una carta passa dal mazzetto a una colonna.",
        "+{home} quando una carta arriva su una base.",
        "+{reveal} ogni volta che in una colonna si scopre una carta coperta.",
        "−{off_home} quando una carta torna da una base a una colonna.",
        "−{turnover} ogni volta che il mazzetto si rigira nel mazzo.",
        D(
            "klondike-score",
            "È il punteggio classico del Klondike. Non scende mai sotto lo 0, ma le penalità oltre lo zero "
            "restano in conto: vanno recuperate prima che il punteggio risalga.",
        ),
    ),
    "freecell": (
        D(
            "ten-per-card-home",
            "Ogni carta portata su una base vale {per_card} punti, {best} per una partita risolta; "
            "nient'altro cambia il punteggio.",
        ),
    ),
    "spider": (
        "Il punteggio parte da {start_points}.",
        "Ogni mossa costa {per_move} punto, compresa la distribuzione dal mazzo.",
        "Ogni sequenza completa che va su una base porta {per_run} punti.",
        D(
            "undo-costs-one",
            "Un annullamento riporta indietro la mossa con i punti che aveva dato o tolto, e costa comunque "
            "{undo_cost} punto per conto suo.",
        ),
    ),
    "retinue": (
        "Ogni carta sistemata vale {per_rank} × il suo valore: l'Asso {rank_1}, il 2 vale {rank_2} e così via fino ai "
        "{rank_10} del 10, Fante {rank_11}, Donna {rank_12}, Re {rank_13}.",
        "Quando una pila raccoglie tutte e quattro le carte del suo valore scatta un premio: {row_bonus_1} punti "
        "nella fila in alto ({row_1}), {row_bonus_2} in quella centrale ({row_2}), {row_bonus_3} in quella in "
        "basso ({row_3}).",
        D(
            "bonus-falls-5-per-second",
            "C'è poi un bonus tempo di {time_bonus} punti che cala appena comincia la partita: {bonus_drop} punti in "
            "meno per ogni secondo pieno, fino a 0. Quel che ne resta spetta solo a chi sistema tutte le {cards} "
            "carte.",
        ),
        "Il massimo possibile è {best} punti.",
    ),
}
LABELLED = {
    "goal": "Lo scopo è mandare ogni carta sulla pila del suo valore, una dopo l'altra, "
    "finché tutte le {cards} sono al loro posto.",
    "dealt": "Le {cards} carte vengono distribuite coperte in {columns} pile da {per_pile}. Ogni pila ha come "
    "etichetta un valore: {label_names}.",
    "rows": D("layout-rows", "Le pile sono disposte su {rows_w} file: {rows}."),
    "start": D(
        "start-pile-8",
        "Si comincia scoprendo la carta in cima alla pila con l'etichetta {start}, quella al centro dello schema.",
    ),
    "moves": (
        "C'è sempre una sola carta scoperta da giocare. Trascinala sulla pila del suo valore: il seme non conta.",
        "La carta si sistema scoperta sotto quella pila, e la prima carta coperta della pila si gira: "
        "è la prossima da giocare.",
        "Esempio: la carta scoperta è un 9. Va sulla pila del 9, dove si scopre la carta successiva.",
        D(
            "wrong-pile-no-penalty",
            "Se la lasci sulla pila sbagliata, la mossa viene rifiutata e la carta torna indietro, "
            "senza alcuna penalità.",
        ),
    ),
    "won": "Se a quel punto tutte le {cards} carte sono al loro posto hai vinto; altrimenti la partita è persa "
    "e restano i punti fatti fin lì.",
}

OWN = {
    "classics": {
        "time": D("relaxed-play", "Il tempo non costa punti: l'orologio serve solo alle tue statistiche."),
    },
    "yukon": {
        "scoring": (
            D(
                "yukon-score",
                "I punti si contano come nel Klondike, tolti quelli che riguardano mazzo e mazzetto.",
            ),
            "+{home} quando una carta arriva su una base.",
            "+{reveal} ogni volta che in una colonna si scopre una carta coperta.",
            "−{off_home} quando una carta torna da una base a una colonna.",
            "Il punteggio non scende mai sotto lo 0, ma le penalità oltre lo zero restano in conto: "
            "vanno recuperate prima che il punteggio risalga.",
        ),
    },
    "reloaded": {
        "goal_more": "Il gioco è pensato come sfida a due: entrambi ricevono la stessa distribuzione "
        "e vince il punteggio più alto.",
    },
    "solitario": {
        "redeal": D(
            "free-unlimited-redeal",
            "Quando il mazzo è vuoto, un clic rigira il mazzetto e lo trasforma in un nuovo mazzo: "
            "tutte le volte che vuoi, senza perdere punti.",
        ),
    },
}
