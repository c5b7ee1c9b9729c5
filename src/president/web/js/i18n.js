// The words of the app in English, Russian, French and Portuguese, and each preset's own title names.
//
// t(key, params) looks a key up in the current language (falling back to English); a value is a string with
// {name} placeholders, or a function of the parameters (for plurals). The choice is kept in localStorage.

import { cardId, cardSuit, RANKS } from "./cards.js";

export const LANGS = { en: "English", ru: "Русский", fr: "Français", pt: "Português" };
const STORE_KEY = "president.lang";

// Russian plural forms: one (1, 21 …), few (2–4, 22–24 …), many (the rest).
function ru(n, one, few, many) {
  const m10 = n % 10, m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return one;
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return few;
  return many;
}
const en = (n, one, other) => (n === 1 ? one : other);
const fr = (n, one, other) => (n <= 1 ? one : other);

const SUIT_SYMBOLS = { c: "♣", d: "♦", h: "♥", s: "♠" };

const STRINGS = {
  en: {
    "replay.gaveBack": (p) => `${p.name} gave ${p.cards} back to ${p.to}`,
    "replay.cleared": "the trick is over",
    "start.playerRange": (p) => `${p.range} players`,
    "app.name": "President",
    "app.tagline": "The card game of presidents and beggars: play against the computer or with friends.",
    "lang.label": "Language",
    "start.rules": "Rule set",
    "start.houseRules": "House rules",
    "start.table": "Table",
    "start.players": "Players",
    "start.friends": "Seats for friends",
    "start.botLevel": "Computer players",
    "start.length": "Match length",
    "start.deals": "Deals",
    "start.manches": "Deals (the Manches button)",
    "start.target": "Play until a total of",
    "start.timer": "Turn timer",
    "start.timerOff": "off",
    "start.seconds": (p) => `${p.n} seconds`,
    "start.name": "Your name",
    "start.namePlaceholder": "e.g. Alex",
    "start.playBots": "Play against the computer",
    "start.invite": "Invite friends",
    "start.lobby": "Open tables",
    "start.noTables": "No open tables right now.",
    "start.join": "Join",
    "start.watch": "Watch",
    "start.recent": "Finished matches",
    "start.replay": "Replay",
    "start.needName": "Please enter your name.",
    "start.friendsNote": (p) => `${p.friends} ${en(p.friends, "seat stays", "seats stay")} open for friends; `
      + `${p.bots} ${en(p.bots, "computer player", "computer players")}.`,
    "opt.pass_lockout": "A pass keeps you out of the trick until it is cleared",
    "opt.revolution": "Four of a kind starts a revolution: the order is reversed",
    "opt.jokers": "Two jokers, above the 2s",
    "opt.max_set": "Four of a kind may be played",
    "opt.joker_high": "Jokers stay on top during a revolution",
    "opt.tie_break": "A tie at the top",
    "tie.share": "shared win",
    "tie.last_deal": "the better place in the last deal wins",
    "tie.play_on": "play another deal",
    "preset.tavern-jack": "Tavern Jack",
    "preset.race-to-11": "Race to 11",
    "preset.revolution": "Revolution",
    "preset.three-of-clubs": "Three of Clubs",
    "desc.tavern-jack": "Online President for 3–6: 2s high and unbeatable, the Beggar gives his 2 best cards, 5 deals.",
    "desc.race-to-11": "Base profile for 4–7: one-card exchange, 2 points to the first and 1 to the second, first to 11.",
    "desc.revolution": "4–8 players with two jokers; a pass holds you out of the pile; four of a kind is a revolution.",
    "desc.three-of-clubs": "President against the computer: 4 players, the 3♣ opens the first deal, no four of a kind.",
    "bot.random": "random — plays any legal move",
    "bot.classic": "classic — the computer players of the rules",
    "bot.easy": "easy",
    "bot.normal": "normal",
    "bot.hard": "hard",
    "bot.expert": "expert — the strongest",
    "seat.bot": (p) => `Computer ${p.n}`,
    "seat.open": "Open seat",
    "seat.you": "you",
    "seat.away": "away: the computer plays for now",
    "seat.offline": "offline",
    "seat.cards": (p) => `${p.n} ${en(p.n, "card", "cards")}`,
    "seat.points": (p) => `${p.n} ${en(p.n, "pt", "pts")}`,
    "seat.out": (p) => `out, ${p.place}`,
    "seat.pass": "Pass",
    "seat.turn": "to play",
    "seat.gives": "gives back",
    "place.1": "1st", "place.2": "2nd", "place.3": "3rd", "place.n": (p) => `${p.n}th`,
    "wait.title": "Waiting for players",
    "wait.invite": "Invite link — send it to your friends:",
    "wait.copy": "Copy link",
    "wait.copied": "Copied!",
    "wait.fill": "Fill open seats with computer players",
    "wait.start": "Start the match",
    "wait.openSeats": (p) => `${p.n} ${en(p.n, "seat is", "seats are")} still open.`,
    "wait.seat": (p) => `Seat ${p.n}`,
    "wait.leave": "Leave the table",
    "join.title": "Join this table",
    "join.button": "Take a seat",
    "join.started": "This match has already started: you can watch it.",
    "join.noTable": "There is no open table at this address.",
    "join.back": "Back to the start",
    "game.deal": (p) => (p.of ? `Deal ${p.n} of ${p.of}` : `Deal ${p.n}`),
    "game.target": (p) => `first to ${p.n}`,
    "game.exchange": "Exchange",
    "game.yourTurn": "Your turn",
    "game.waitingFor": (p) => `${p.name} to play`,
    "game.play": "Play",
    "game.give": "Give",
    "game.pass": "Pass",
    "game.scores": "Scores",
    "game.yourHand": "Your hand",
    "game.table": "On the table",
    "game.emptyTable": "The table is clear",
    "game.youLead": "You lead: play any single, pair or more of one rank.",
    "game.revolution": "Revolution: the order is reversed",
    "game.received": (p) => `You received ${p.cards} (outlined in green).`,
    "game.chooseGift": (p) => `Choose ${p.n} ${en(p.n, "card", "cards")} to give back to ${p.name}.`,
    "game.exchangeWait": (p) => `Exchange: ${p.name} chooses cards to give back.`,
    "game.watching": "You are watching this table.",
    "game.connecting": "Connecting…",
    "game.reconnecting": "Connection lost — reconnecting…",
    "game.connected": "Connected",
    "game.played": (p) => `${p.name}: ${p.cards}`,
    "game.passed": (p) => `${p.name} passes`,
    "game.out": (p) => `${p.name} is out (${p.place})`,
    "game.trickCleared": (p) => `Trick to ${p.name}`,
    "game.dealOver": (p) => `Deal ${p.n} is over.`,
    "game.shortcuts": "Keys: ← → move · Space or 1–9 select · Enter play · P pass · Esc clear · S scores",
    "game.cardNotPlayable": "not playable now",
    "game.selected": "selected",
    "game.receivedLabel": "received",
    "why.notYourTurn": "Wait for your turn.",
    "why.chooseLead": "Select one card, or several cards of one rank.",
    "why.chooseBeat": "Select higher cards to beat the table, or pass.",
    "why.giveCount": (p) => `Choose ${p.n} ${en(p.n, "card", "cards")} to give back (${p.chosen} chosen).`,
    "why.mixedRanks": "Cards played together must have the same rank.",
    "why.needCount": (p) => `A ${p.set} can only be beaten by a higher ${p.set}: select ${p.n} `
      + `${en(p.n, "card", "cards")} of one rank.`,
    "why.notEnough": (p) => `You need ${p.n} cards of that rank to beat the table.`,
    "why.mustContain": (p) => `The first lead of the match must contain the ${p.card}.`,
    "why.tooLow": (p) => `${p.cards} does not beat ${p.table}.`,
    "why.tooLowCard": (p) => `${p.card} does not beat ${p.table}.`,
    "why.nothingBeats": (p) => `Nothing you hold beats ${p.table}: pass.`,
    "why.notAMove": "That is not a move the rules allow.",
    "why.cannotPlay": (p) => `${p.card} cannot be played now.`,
    "set.single": "single card", "set.pair": "pair", "set.triple": "three of a kind", "set.quad": "four of a kind",
    "scores.title": "Score table",
    "scores.deal": "Deal",
    "scores.total": "Total",
    "scores.none": "No deal has finished yet.",
    "end.title": "The match is over",
    "end.winner": (p) => `${p.names} ${p.count > 1 ? "win" : "wins"}!`,
    "end.youWin": "You win!",
    "end.rematch": "Rematch",
    "end.replay": "Watch the replay",
    "end.newTable": "New table",
    "end.close": "Close",
    "replay.title": "Replay",
    "replay.first": "Start",
    "replay.prev": "Back",
    "replay.next": "Next",
    "replay.last": "End",
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.step": (p) => `Move ${p.n} of ${p.of}`,
    "replay.notFound": "There is no finished match with this number.",
    "replay.unavailable": "This server cannot show the steps of a match yet; here is its record.",
    "common.close": "Close",
    "error.generic": "Something went wrong.",
    "rank.J": "Jack", "rank.Q": "Queen", "rank.K": "King", "rank.A": "Ace",
    "suit.c": "clubs", "suit.d": "diamonds", "suit.h": "hearts", "suit.s": "spades",
    "card": (p) => `${p.rank} of ${p.suit}`,
    "joker.BJ": "Black joker", "joker.RJ": "Red joker",
  },
  ru: {
    "replay.gaveBack": (p) => `${p.name} вернул ${p.cards}: ${p.to}`,
    "replay.cleared": "круг окончен",
    "start.playerRange": (p) => `${p.range} ${ru(p.n, "игрок", "игрока", "игроков")}`,
    "app.name": "Президент",
    "app.tagline": "Карточная игра президентов и нищих: играйте с компьютером или с друзьями.",
    "lang.label": "Язык",
    "start.rules": "Правила",
    "start.houseRules": "Домашние правила",
    "start.table": "Стол",
    "start.players": "Игроков",
    "start.friends": "Мест для друзей",
    "start.botLevel": "Компьютерные игроки",
    "start.length": "Длина партии",
    "start.deals": "Раздач",
    "start.manches": "Раздач (кнопка «Manches»)",
    "start.target": "Играть до суммы",
    "start.timer": "Время на ход",
    "start.timerOff": "без ограничения",
    "start.seconds": (p) => `${p.n} ${ru(p.n, "секунда", "секунды", "секунд")}`,
    "start.name": "Ваше имя",
    "start.namePlaceholder": "например, Саша",
    "start.playBots": "Играть с компьютером",
    "start.invite": "Пригласить друзей",
    "start.lobby": "Открытые столы",
    "start.noTables": "Сейчас открытых столов нет.",
    "start.join": "Сесть",
    "start.watch": "Смотреть",
    "start.recent": "Сыгранные партии",
    "start.replay": "Повтор",
    "start.needName": "Введите ваше имя.",
    "start.friendsNote": (p) => `Для друзей: ${p.friends} ${ru(p.friends, "место", "места", "мест")}; `
      + `компьютер: ${p.bots} ${ru(p.bots, "игрок", "игрока", "игроков")}.`,
    "opt.pass_lockout": "Пас выводит из круга до его конца",
    "opt.revolution": "Четыре карты одного ранга — революция: порядок наоборот",
    "opt.jokers": "Два джокера, старше двоек",
    "opt.max_set": "Можно класть четыре карты одного ранга",
    "opt.joker_high": "Джокеры остаются старшими во время революции",
    "opt.tie_break": "Равенство на первом месте",
    "tie.share": "победа делится",
    "tie.last_deal": "побеждает лучший в последней раздаче",
    "tie.play_on": "играем ещё раздачу",
    "preset.tavern-jack": "Tavern Jack",
    "preset.race-to-11": "До 11 очков",
    "preset.revolution": "Революция",
    "preset.three-of-clubs": "Тройка треф",
    "desc.tavern-jack": "Онлайн-Президент на 3–6: двойки старшие и непобиваемые, Нищий отдаёт 2 лучшие карты, 5 раздач.",
    "desc.race-to-11": "Базовый профиль на 4–7: обмен одной картой, 2 очка первому и 1 второму, до 11 очков.",
    "desc.revolution": "4–8 игроков, два джокера; после паса вы вне стопки; четыре карты — революция.",
    "desc.three-of-clubs": "Президент против компьютера: 4 игрока, 3♣ открывает первую раздачу, без четвёрок.",
    "bot.random": "случайный — любой допустимый ход",
    "bot.classic": "классический — компьютер из правил",
    "bot.easy": "лёгкий",
    "bot.normal": "средний",
    "bot.hard": "сильный",
    "bot.expert": "эксперт — сильнейший",
    "seat.bot": (p) => `Компьютер ${p.n}`,
    "seat.open": "Свободное место",
    "seat.you": "вы",
    "seat.away": "нет на месте: пока играет компьютер",
    "seat.offline": "не в сети",
    "seat.cards": (p) => `${p.n} ${ru(p.n, "карта", "карты", "карт")}`,
    "seat.points": (p) => `${p.n} ${ru(p.n, "очко", "очка", "очков")}`,
    "seat.out": (p) => `вышел: ${p.place}`,
    "seat.pass": "Пас",
    "seat.turn": "ходит",
    "seat.gives": "отдаёт",
    "place.1": "1-й", "place.2": "2-й", "place.3": "3-й", "place.n": (p) => `${p.n}-й`,
    "wait.title": "Ждём игроков",
    "wait.invite": "Ссылка-приглашение — отправьте её друзьям:",
    "wait.copy": "Копировать",
    "wait.copied": "Скопировано!",
    "wait.fill": "Посадить компьютер на свободные места",
    "wait.start": "Начать партию",
    "wait.openSeats": (p) => `Свободно ещё ${p.n} ${ru(p.n, "место", "места", "мест")}.`,
    "wait.seat": (p) => `Место ${p.n}`,
    "wait.leave": "Уйти из-за стола",
    "join.title": "Сесть за этот стол",
    "join.button": "Сесть",
    "join.started": "Партия уже идёт: её можно смотреть.",
    "join.noTable": "По этому адресу нет открытого стола.",
    "join.back": "На главную",
    "game.deal": (p) => (p.of ? `Раздача ${p.n} из ${p.of}` : `Раздача ${p.n}`),
    "game.target": (p) => `до ${p.n} очков`,
    "game.exchange": "Обмен",
    "game.yourTurn": "Ваш ход",
    "game.waitingFor": (p) => `Ходит ${p.name}`,
    "game.play": "Сыграть",
    "game.give": "Отдать",
    "game.pass": "Пас",
    "game.scores": "Счёт",
    "game.yourHand": "Ваши карты",
    "game.table": "На столе",
    "game.emptyTable": "Стол пуст",
    "game.youLead": "Ваш заход: одна карта или несколько карт одного ранга.",
    "game.revolution": "Революция: порядок наоборот",
    "game.received": (p) => `Вы получили ${p.cards} (обведены зелёным).`,
    "game.chooseGift": (p) => `Выберите ${p.n} ${ru(p.n, "карту", "карты", "карт")}, чтобы вернуть: ${p.name}.`,
    "game.exchangeWait": (p) => `Обмен: ${p.name} выбирает карты для возврата.`,
    "game.watching": "Вы смотрите за этим столом.",
    "game.connecting": "Подключение…",
    "game.reconnecting": "Связь потеряна — переподключаемся…",
    "game.connected": "В сети",
    "game.played": (p) => `${p.name}: ${p.cards}`,
    "game.passed": (p) => `${p.name}: пас`,
    "game.out": (p) => `${p.name} вышел (${p.place})`,
    "game.trickCleared": (p) => `Круг забирает ${p.name}`,
    "game.dealOver": (p) => `Раздача ${p.n} окончена.`,
    "game.shortcuts": "Клавиши: ← → выбор карты · Пробел или 1–9 отметить · Enter сыграть · P пас · Esc сброс · S счёт",
    "game.cardNotPlayable": "сейчас не сыграть",
    "game.selected": "выбрана",
    "game.receivedLabel": "получена",
    "why.notYourTurn": "Дождитесь своего хода.",
    "why.chooseLead": "Выберите карту или несколько карт одного ранга.",
    "why.chooseBeat": "Выберите старшие карты, чтобы перебить, или пасуйте.",
    "why.giveCount": (p) => `Выберите ${p.n} ${ru(p.n, "карту", "карты", "карт")} для возврата (выбрано ${p.chosen}).`,
    "why.mixedRanks": "Вместе можно класть только карты одного ранга.",
    "why.needCount": (p) => `${p.setCap} перебивается только старшей комбинацией того же размера: выберите ${p.n} `
      + `${ru(p.n, "карту", "карты", "карт")} одного ранга.`,
    "why.notEnough": (p) => `Чтобы перебить, нужно ${p.n} ${ru(p.n, "карта", "карты", "карт")} этого ранга.`,
    "why.mustContain": (p) => `Первый заход партии должен содержать ${p.card}.`,
    "why.tooLow": (p) => `${p.cards} не бьёт ${p.table}.`,
    "why.tooLowCard": (p) => `${p.card} не бьёт ${p.table}.`,
    "why.nothingBeats": (p) => `Вам нечем побить ${p.table}: пасуйте.`,
    "why.notAMove": "Правила не разрешают такой ход.",
    "why.cannotPlay": (p) => `${p.card} сейчас не сыграть.`,
    "set.single": "одиночная карта", "set.pair": "пара", "set.triple": "тройка", "set.quad": "четвёрка",
    "scores.title": "Таблица очков",
    "scores.deal": "Раздача",
    "scores.total": "Итого",
    "scores.none": "Ни одна раздача ещё не закончилась.",
    "end.title": "Партия окончена",
    "end.winner": (p) => `${p.count > 1 ? "Победители" : "Победитель"}: ${p.names}!`,
    "end.youWin": "Вы победили!",
    "end.rematch": "Ещё партию",
    "end.replay": "Смотреть повтор",
    "end.newTable": "Новый стол",
    "end.close": "Закрыть",
    "replay.title": "Повтор",
    "replay.first": "В начало",
    "replay.prev": "Назад",
    "replay.next": "Вперёд",
    "replay.last": "В конец",
    "replay.play": "Пуск",
    "replay.pause": "Пауза",
    "replay.step": (p) => `Ход ${p.n} из ${p.of}`,
    "replay.notFound": "Сыгранной партии с таким номером нет.",
    "replay.unavailable": "Этот сервер пока не показывает ходы партии; вот её запись.",
    "common.close": "Закрыть",
    "error.generic": "Что-то пошло не так.",
    "rank.J": "Валет", "rank.Q": "Дама", "rank.K": "Король", "rank.A": "Туз",
    "suit.c": "треф", "suit.d": "бубен", "suit.h": "червей", "suit.s": "пик",
    "card": (p) => `${p.rank} ${p.suit}`,
    "joker.BJ": "Чёрный джокер", "joker.RJ": "Красный джокер",
  },
  fr: {
    "replay.gaveBack": (p) => `${p.name} a rendu ${p.cards} à ${p.to}`,
    "replay.cleared": "le pli est fini",
    "start.playerRange": (p) => `${p.range} joueurs`,
    "app.name": "Président",
    "app.tagline": "Le jeu de cartes des présidents et des clochards : jouez contre l’ordinateur ou entre amis.",
    "lang.label": "Langue",
    "start.rules": "Règles",
    "start.houseRules": "Variantes maison",
    "start.table": "Table",
    "start.players": "Joueurs",
    "start.friends": "Places pour des amis",
    "start.botLevel": "Joueurs de l’ordinateur",
    "start.length": "Durée de la partie",
    "start.deals": "Manches",
    "start.manches": "Manches (le bouton Manches)",
    "start.target": "Jouer jusqu’à un total de",
    "start.timer": "Temps par coup",
    "start.timerOff": "illimité",
    "start.seconds": (p) => `${p.n} secondes`,
    "start.name": "Votre nom",
    "start.namePlaceholder": "par ex. Camille",
    "start.playBots": "Jouer contre l’ordinateur",
    "start.invite": "Inviter des amis",
    "start.lobby": "Tables ouvertes",
    "start.noTables": "Aucune table ouverte pour l’instant.",
    "start.join": "S’asseoir",
    "start.watch": "Regarder",
    "start.recent": "Parties terminées",
    "start.replay": "Revoir",
    "start.needName": "Entrez votre nom.",
    "start.friendsNote": (p) => `${p.friends} ${fr(p.friends, "place reste ouverte", "places restent ouvertes")} `
      + `aux amis ; ${p.bots} ${fr(p.bots, "joueur", "joueurs")} de l’ordinateur.`,
    "opt.pass_lockout": "Qui passe reste hors du pli jusqu’à ce qu’il soit ramassé",
    "opt.revolution": "Un carré déclenche une révolution : l’ordre s’inverse",
    "opt.jokers": "Deux jokers, au-dessus des 2",
    "opt.max_set": "Le carré peut être joué",
    "opt.joker_high": "Les jokers restent en tête pendant une révolution",
    "opt.tie_break": "Égalité en tête",
    "tie.share": "victoire partagée",
    "tie.last_deal": "le mieux classé à la dernière manche gagne",
    "tie.play_on": "on joue une manche de plus",
    "preset.tavern-jack": "Tavern Jack",
    "preset.race-to-11": "Course à 11",
    "preset.revolution": "Révolution",
    "preset.three-of-clubs": "Trois de trèfle",
    "desc.tavern-jack": "Le Président en ligne, de 3 à 6 : les 2 en tête et imbattables, le Clochard donne ses 2 "
      + "meilleures cartes, 5 manches.",
    "desc.race-to-11": "Profil de base, de 4 à 7 : échange d’une carte, 2 points au premier et 1 au deuxième, "
      + "premier à 11.",
    "desc.revolution": "De 4 à 8 avec deux jokers ; qui passe sort du tas ; un carré fait la révolution.",
    "desc.three-of-clubs": "Le Président contre l’ordinateur : 4 joueurs, le 3♣ ouvre la première manche, pas de carré.",
    "bot.random": "hasard — n’importe quel coup permis",
    "bot.classic": "classique — les joueurs de l’ordinateur des règles",
    "bot.easy": "facile",
    "bot.normal": "moyen",
    "bot.hard": "difficile",
    "bot.expert": "expert — le plus fort",
    "seat.bot": (p) => `Ordinateur ${p.n}`,
    "seat.open": "Place libre",
    "seat.you": "vous",
    "seat.away": "absent : l’ordinateur joue pour l’instant",
    "seat.offline": "hors ligne",
    "seat.cards": (p) => `${p.n} ${fr(p.n, "carte", "cartes")}`,
    "seat.points": (p) => `${p.n} ${fr(p.n, "pt", "pts")}`,
    "seat.out": (p) => `fini, ${p.place}`,
    "seat.pass": "Passe",
    "seat.turn": "à jouer",
    "seat.gives": "rend des cartes",
    "place.1": "1er", "place.2": "2e", "place.3": "3e", "place.n": (p) => `${p.n}e`,
    "wait.title": "En attente des joueurs",
    "wait.invite": "Lien d’invitation — envoyez-le à vos amis :",
    "wait.copy": "Copier le lien",
    "wait.copied": "Copié !",
    "wait.fill": "Compléter avec des joueurs de l’ordinateur",
    "wait.start": "Commencer la partie",
    "wait.openSeats": (p) => `Encore ${p.n} ${fr(p.n, "place libre", "places libres")}.`,
    "wait.seat": (p) => `Place ${p.n}`,
    "wait.leave": "Quitter la table",
    "join.title": "Rejoindre cette table",
    "join.button": "S’asseoir",
    "join.started": "Cette partie a déjà commencé : vous pouvez la regarder.",
    "join.noTable": "Il n’y a pas de table ouverte à cette adresse.",
    "join.back": "Retour à l’accueil",
    "game.deal": (p) => (p.of ? `Manche ${p.n} sur ${p.of}` : `Manche ${p.n}`),
    "game.target": (p) => `premier à ${p.n}`,
    "game.exchange": "Échange",
    "game.yourTurn": "À vous de jouer",
    "game.waitingFor": (p) => `À ${p.name} de jouer`,
    "game.play": "Jouer",
    "game.give": "Donner",
    "game.pass": "Passer",
    "game.scores": "Scores",
    "game.yourHand": "Votre main",
    "game.table": "Sur la table",
    "game.emptyTable": "La table est vide",
    "game.youLead": "Vous entamez : une carte seule, ou plusieurs cartes d’une même valeur.",
    "game.revolution": "Révolution : l’ordre est inversé",
    "game.received": (p) => `Vous avez reçu ${p.cards} (entourées de vert).`,
    "game.chooseGift": (p) => `Choisissez ${p.n} ${fr(p.n, "carte", "cartes")} à rendre à ${p.name}.`,
    "game.exchangeWait": (p) => `Échange : ${p.name} choisit les cartes à rendre.`,
    "game.watching": "Vous regardez cette table.",
    "game.connecting": "Connexion…",
    "game.reconnecting": "Connexion perdue — reconnexion…",
    "game.connected": "Connecté",
    "game.played": (p) => `${p.name} : ${p.cards}`,
    "game.passed": (p) => `${p.name} passe`,
    "game.out": (p) => `${p.name} a fini (${p.place})`,
    "game.trickCleared": (p) => `Pli pour ${p.name}`,
    "game.dealOver": (p) => `La manche ${p.n} est finie.`,
    "game.shortcuts": "Touches : ← → se déplacer · Espace ou 1–9 choisir · Entrée jouer · P passer · Échap annuler · S scores",
    "game.cardNotPlayable": "injouable pour l’instant",
    "game.selected": "choisie",
    "game.receivedLabel": "reçue",
    "why.notYourTurn": "Attendez votre tour.",
    "why.chooseLead": "Choisissez une carte, ou plusieurs cartes d’une même valeur.",
    "why.chooseBeat": "Choisissez des cartes plus fortes pour battre la table, ou passez.",
    "why.giveCount": (p) => `Choisissez ${p.n} ${fr(p.n, "carte", "cartes")} à rendre (${p.chosen} `
      + `${fr(p.chosen, "choisie", "choisies")}).`,
    "why.mixedRanks": "Les cartes jouées ensemble doivent avoir la même valeur.",
    "why.needCount": (p) => `Il faut battre par le même nombre de cartes : choisissez ${p.n} cartes d’une même valeur.`,
    "why.notEnough": (p) => `Il vous faut ${p.n} cartes de cette valeur pour battre la table.`,
    "why.mustContain": (p) => `La première entame de la partie doit contenir le ${p.card}.`,
    "why.tooLow": (p) => `${p.cards} ne bat pas ${p.table}.`,
    "why.tooLowCard": (p) => `${p.card} ne bat pas ${p.table}.`,
    "why.nothingBeats": (p) => `Rien dans votre main ne bat ${p.table} : passez.`,
    "why.notAMove": "Ce coup n’est pas permis par les règles.",
    "why.cannotPlay": (p) => `${p.card} ne peut pas être jouée maintenant.`,
    "set.single": "carte seule", "set.pair": "paire", "set.triple": "brelan", "set.quad": "carré",
    "scores.title": "Tableau des scores",
    "scores.deal": "Manche",
    "scores.total": "Total",
    "scores.none": "Aucune manche n’est encore finie.",
    "end.title": "La partie est finie",
    "end.winner": (p) => `${p.names} ${p.count > 1 ? "gagnent" : "gagne"} !`,
    "end.youWin": "Vous avez gagné !",
    "end.rematch": "Revanche",
    "end.replay": "Revoir la partie",
    "end.newTable": "Nouvelle table",
    "end.close": "Fermer",
    "replay.title": "Revoir la partie",
    "replay.first": "Début",
    "replay.prev": "Reculer",
    "replay.next": "Avancer",
    "replay.last": "Fin",
    "replay.play": "Lecture",
    "replay.pause": "Pause",
    "replay.step": (p) => `Coup ${p.n} sur ${p.of}`,
    "replay.notFound": "Aucune partie terminée ne porte ce numéro.",
    "replay.unavailable": "Ce serveur ne sait pas encore montrer les coups d’une partie ; voici sa feuille.",
    "common.close": "Fermer",
    "error.generic": "Un problème est survenu.",
    "rank.J": "Valet", "rank.Q": "Dame", "rank.K": "Roi", "rank.A": "As",
    "suit.c": "trèfle", "suit.d": "carreau", "suit.h": "cœur", "suit.s": "pique",
    "card": (p) => `${p.rank} de ${p.suit}`,
    "joker.BJ": "Joker noir", "joker.RJ": "Joker rouge",
  },
  pt: {
    "replay.gaveBack": (p) => `${p.name} devolveu ${p.cards} a ${p.to}`,
    "replay.cleared": "a pilha acabou",
    "start.playerRange": (p) => `${p.range} jogadores`,
    "app.name": "Presidente",
    "app.tagline": "O jogo de cartas dos presidentes e mendigos: jogue contra o computador ou com amigos.",
    "lang.label": "Idioma",
    "start.rules": "Regras",
    "start.houseRules": "Regras da casa",
    "start.table": "Mesa",
    "start.players": "Jogadores",
    "start.friends": "Lugares para amigos",
    "start.botLevel": "Jogadores do computador",
    "start.length": "Duração da partida",
    "start.deals": "Rodadas",
    "start.manches": "Rodadas (o botão Manches)",
    "start.target": "Jogar até um total de",
    "start.timer": "Tempo por jogada",
    "start.timerOff": "sem limite",
    "start.seconds": (p) => `${p.n} segundos`,
    "start.name": "Seu nome",
    "start.namePlaceholder": "ex.: Joana",
    "start.playBots": "Jogar contra o computador",
    "start.invite": "Convidar amigos",
    "start.lobby": "Mesas abertas",
    "start.noTables": "Nenhuma mesa aberta agora.",
    "start.join": "Sentar",
    "start.watch": "Assistir",
    "start.recent": "Partidas terminadas",
    "start.replay": "Rever",
    "start.needName": "Digite seu nome.",
    "start.friendsNote": (p) => `${p.friends} ${en(p.friends, "lugar fica aberto", "lugares ficam abertos")} para `
      + `amigos; ${p.bots} ${en(p.bots, "jogador", "jogadores")} do computador.`,
    "opt.pass_lockout": "Quem passa fica fora da pilha até ela acabar",
    "opt.revolution": "Uma quadra faz a revolução: a ordem se inverte",
    "opt.jokers": "Dois coringas, acima dos 2",
    "opt.max_set": "A quadra pode ser jogada",
    "opt.joker_high": "Os coringas continuam no topo durante a revolução",
    "opt.tie_break": "Empate no topo",
    "tie.share": "vitória dividida",
    "tie.last_deal": "vence o mais bem colocado na última rodada",
    "tie.play_on": "joga-se mais uma rodada",
    "preset.tavern-jack": "Tavern Jack",
    "preset.race-to-11": "Corrida aos 11",
    "preset.revolution": "Revolução",
    "preset.three-of-clubs": "Três de paus",
    "desc.tavern-jack": "Presidente online para 3–6: os 2 no topo e imbatíveis, o Mendigo dá as 2 melhores cartas, 5 rodadas.",
    "desc.race-to-11": "Perfil básico para 4–7: troca de uma carta, 2 pontos ao primeiro e 1 ao segundo, até 11.",
    "desc.revolution": "4–8 jogadores com dois coringas; quem passa fica fora da pilha; a quadra faz a revolução.",
    "desc.three-of-clubs": "Presidente contra o computador: 4 jogadores, o 3♣ abre a primeira rodada, sem quadra.",
    "bot.random": "aleatório — qualquer jogada permitida",
    "bot.classic": "clássico — os jogadores do computador das regras",
    "bot.easy": "fácil",
    "bot.normal": "médio",
    "bot.hard": "difícil",
    "bot.expert": "especialista — o mais forte",
    "seat.bot": (p) => `Computador ${p.n}`,
    "seat.open": "Lugar livre",
    "seat.you": "você",
    "seat.away": "ausente: o computador joga por enquanto",
    "seat.offline": "desconectado",
    "seat.cards": (p) => `${p.n} ${en(p.n, "carta", "cartas")}`,
    "seat.points": (p) => `${p.n} ${en(p.n, "pt", "pts")}`,
    "seat.out": (p) => `saiu, ${p.place}`,
    "seat.pass": "Passa",
    "seat.turn": "a jogar",
    "seat.gives": "devolve cartas",
    "place.1": "1º", "place.2": "2º", "place.3": "3º", "place.n": (p) => `${p.n}º`,
    "wait.title": "Aguardando jogadores",
    "wait.invite": "Link de convite — envie para seus amigos:",
    "wait.copy": "Copiar link",
    "wait.copied": "Copiado!",
    "wait.fill": "Completar com jogadores do computador",
    "wait.start": "Começar a partida",
    "wait.openSeats": (p) => `Ainda ${en(p.n, "há", "há")} ${p.n} ${en(p.n, "lugar livre", "lugares livres")}.`,
    "wait.seat": (p) => `Lugar ${p.n}`,
    "wait.leave": "Sair da mesa",
    "join.title": "Entrar nesta mesa",
    "join.button": "Sentar",
    "join.started": "Esta partida já começou: você pode assistir.",
    "join.noTable": "Não há mesa aberta neste endereço.",
    "join.back": "Voltar ao início",
    "game.deal": (p) => (p.of ? `Rodada ${p.n} de ${p.of}` : `Rodada ${p.n}`),
    "game.target": (p) => `até ${p.n} pontos`,
    "game.exchange": "Troca",
    "game.yourTurn": "Sua vez",
    "game.waitingFor": (p) => `Vez de ${p.name}`,
    "game.play": "Jogar",
    "game.give": "Dar",
    "game.pass": "Passar",
    "game.scores": "Placar",
    "game.yourHand": "Sua mão",
    "game.table": "Na mesa",
    "game.emptyTable": "A mesa está vazia",
    "game.youLead": "Você começa: uma carta ou várias cartas do mesmo valor.",
    "game.revolution": "Revolução: a ordem está invertida",
    "game.received": (p) => `Você recebeu ${p.cards} (contornadas em verde).`,
    "game.chooseGift": (p) => `Escolha ${p.n} ${en(p.n, "carta", "cartas")} para devolver a ${p.name}.`,
    "game.exchangeWait": (p) => `Troca: ${p.name} escolhe as cartas para devolver.`,
    "game.watching": "Você está assistindo a esta mesa.",
    "game.connecting": "Conectando…",
    "game.reconnecting": "Conexão perdida — reconectando…",
    "game.connected": "Conectado",
    "game.played": (p) => `${p.name}: ${p.cards}`,
    "game.passed": (p) => `${p.name} passa`,
    "game.out": (p) => `${p.name} saiu (${p.place})`,
    "game.trickCleared": (p) => `A pilha fica com ${p.name}`,
    "game.dealOver": (p) => `A rodada ${p.n} terminou.`,
    "game.shortcuts": "Teclas: ← → mover · Espaço ou 1–9 escolher · Enter jogar · P passar · Esc limpar · S placar",
    "game.cardNotPlayable": "não jogável agora",
    "game.selected": "escolhida",
    "game.receivedLabel": "recebida",
    "why.notYourTurn": "Espere a sua vez.",
    "why.chooseLead": "Escolha uma carta, ou várias cartas do mesmo valor.",
    "why.chooseBeat": "Escolha cartas mais altas para cobrir a mesa, ou passe.",
    "why.giveCount": (p) => `Escolha ${p.n} ${en(p.n, "carta", "cartas")} para devolver (${p.chosen} `
      + `${en(p.chosen, "escolhida", "escolhidas")}).`,
    "why.mixedRanks": "As cartas jogadas juntas devem ter o mesmo valor.",
    "why.needCount": (p) => `É preciso jogar o mesmo número de cartas: escolha ${p.n} cartas do mesmo valor.`,
    "why.notEnough": (p) => `Você precisa de ${p.n} cartas desse valor para cobrir a mesa.`,
    "why.mustContain": (p) => `A primeira jogada da partida deve conter o ${p.card}.`,
    "why.tooLow": (p) => `${p.cards} não cobre ${p.table}.`,
    "why.tooLowCard": (p) => `${p.card} não cobre ${p.table}.`,
    "why.nothingBeats": (p) => `Nada na sua mão cobre ${p.table}: passe.`,
    "why.notAMove": "As regras não permitem essa jogada.",
    "why.cannotPlay": (p) => `${p.card} não pode ser jogada agora.`,
    "set.single": "carta única", "set.pair": "dupla", "set.triple": "trinca", "set.quad": "quadra",
    "scores.title": "Placar",
    "scores.deal": "Rodada",
    "scores.total": "Total",
    "scores.none": "Nenhuma rodada terminou ainda.",
    "end.title": "A partida terminou",
    "end.winner": (p) => `${p.names} ${p.count > 1 ? "venceram" : "venceu"}!`,
    "end.youWin": "Você venceu!",
    "end.rematch": "Revanche",
    "end.replay": "Rever a partida",
    "end.newTable": "Nova mesa",
    "end.close": "Fechar",
    "replay.title": "Rever a partida",
    "replay.first": "Início",
    "replay.prev": "Voltar",
    "replay.next": "Avançar",
    "replay.last": "Fim",
    "replay.play": "Reproduzir",
    "replay.pause": "Pausar",
    "replay.step": (p) => `Jogada ${p.n} de ${p.of}`,
    "replay.notFound": "Não há partida terminada com este número.",
    "replay.unavailable": "Este servidor ainda não mostra as jogadas de uma partida; eis o seu registro.",
    "common.close": "Fechar",
    "error.generic": "Algo deu errado.",
    "rank.J": "Valete", "rank.Q": "Dama", "rank.K": "Rei", "rank.A": "Ás",
    "suit.c": "paus", "suit.d": "ouros", "suit.h": "copas", "suit.s": "espadas",
    "card": (p) => `${p.rank} de ${p.suit}`,
    "joker.BJ": "Coringa preto", "joker.RJ": "Coringa vermelho",
  },
};

// Title names by language; a preset may name some titles its own way (three-of-clubs: the Clochards of seed 004).
const TITLES = {
  en: { "president": "President", "vice-president": "Vice-President", "prime-minister": "Prime Minister",
    "citizen": "Citizen", "vice-beggar": "Vice-Beggar", "peasant": "Peasant", "beggar": "Beggar", "last": "Last" },
  ru: { "president": "Президент", "vice-president": "Вице-президент", "prime-minister": "Премьер-министр",
    "citizen": "Гражданин", "vice-beggar": "Вице-нищий", "peasant": "Крестьянин", "beggar": "Нищий",
    "last": "Последний" },
  fr: { "president": "Président", "vice-president": "Vice-président", "prime-minister": "Premier ministre",
    "citizen": "Citoyen", "vice-beggar": "Vice-mendiant", "peasant": "Paysan", "beggar": "Mendiant",
    "last": "Dernier" },
  pt: { "president": "Presidente", "vice-president": "Vice-Presidente", "prime-minister": "Primeiro-Ministro",
    "citizen": "Cidadão", "vice-beggar": "Vice-Mendigo", "peasant": "Camponês", "beggar": "Mendigo",
    "last": "Último" },
};
const PRESET_TITLES = {
  "three-of-clubs": {
    en: { "vice-beggar": "Vice-Clochard", "beggar": "Clochard" },
    ru: { "vice-beggar": "Вице-клошар", "beggar": "Клошар" },
    fr: { "vice-beggar": "Vice-clochard", "beggar": "Clochard" },
    pt: { "vice-beggar": "Vice-Vagabundo", "beggar": "Vagabundo" },
  },
};

// Title keys by place, as the engine's Rules.titles(players) makes them from each preset's top, middle and bottom.
const TITLE_LADDERS = {
  "tavern-jack": [["president", "vice-president"], "citizen", ["vice-beggar", "beggar"]],
  "race-to-11": [["president", "vice-president"], "citizen", ["last"]],
  "revolution": [["president", "prime-minister"], "citizen", ["peasant", "beggar"]],
  "three-of-clubs": [["president", "vice-president"], "citizen", ["vice-beggar", "beggar"]],
};

let lang = "en";
const listeners = new Set();

/** The current language code. */
export function currentLang() {
  return lang;
}

/** Choose the language (remembered in localStorage) and tell every listener. */
export function setLang(code) {
  if (!(code in LANGS)) return;
  lang = code;
  try {
    localStorage.setItem(STORE_KEY, code);
  } catch {
    // private browsing: the choice lasts for this page only
  }
  document.documentElement.lang = code;
  for (const listener of listeners) listener(code);
}

/** Call `listener(code)` after every language change; returns a function that stops it. */
export function onLangChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The remembered language, else the browser's, else English. */
export function initialLang() {
  let saved = null;
  try {
    saved = localStorage.getItem(STORE_KEY);
  } catch {
    saved = null;
  }
  if (saved && saved in LANGS) return saved;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const code = String(wanted).slice(0, 2).toLowerCase();
    if (code in LANGS) return code;
  }
  return "en";
}

/** A card as short text with its suit symbol: "7♥", "10♣", "Joker". */
export function cardText(code) {
  if (code === "BJ" || code === "RJ") return t(`joker.${code}`);
  return code.slice(0, -1) + SUIT_SYMBOLS[code.slice(-1)];
}

/** Cards as short text, "7♥ 7♣". */
export function cardsText(codes) {
  return codes.map(cardText).join(" ");
}

/** A card's accessible name: "7 of hearts", "Queen of spades", "Red joker". */
export function cardLabel(code) {
  if (cardSuit(code) === "j") return t(`joker.${code}`);
  const name = RANKS[cardId(code) >> 2];
  const rank = /^[JQKA]$/.test(name) ? t(`rank.${name}`) : name;
  return t("card", { rank, suit: t(`suit.${code.slice(-1)}`) });
}

function formatParams(params) {
  const out = { ...params };
  for (const [key, value] of Object.entries(params || {})) {
    if (key === "card") out.card = cardText(value);
    else if (key === "cards" || key === "table") out[key] = cardsText(value);
    else if (key === "set") {
      out.set = translate(`set.${value}`);
      out.setCap = out.set.charAt(0).toUpperCase() + out.set.slice(1);
    }
  }
  return out;
}

function lookup(key) {
  const table = STRINGS[lang] || STRINGS.en;
  const value = key in table ? table[key] : STRINGS.en[key];
  return value === undefined ? null : value;
}

function translate(key, params = {}) {
  const value = lookup(key);
  if (value === null) return key;
  if (typeof value === "function") return value(params);
  return value.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** The text of `key` in the current language, with its parameters filled in. */
export function t(key, params = {}) {
  return translate(key, formatParams(params));
}

/** Whether a key has a text (in any language). */
export function hasText(key) {
  return key in STRINGS.en;
}

/** The display name of a title key under a preset, in the current language. */
export function titleName(preset, key) {
  if (!key) return "";
  const own = PRESET_TITLES[preset]?.[lang]?.[key];
  return own || TITLES[lang]?.[key] || TITLES.en[key] || key;
}

/** Title keys by place (first place first) for a preset at a table of `players`, as the engine gives them. */
export function titlesByPlace(preset, players) {
  const [top, middle, bottom] = TITLE_LADDERS[preset] || TITLE_LADDERS["tavern-jack"];
  const half = Math.floor(players / 2);
  const upper = top.slice(0, half);
  const lower = bottom.slice(bottom.length - Math.min(bottom.length, half));
  const mid = Array(players - upper.length - lower.length).fill(middle);
  return [...upper, ...mid, ...lower];
}

/** An ordinal place: "1st", "2e", "3-й". */
export function placeText(n) {
  return n <= 3 ? t(`place.${n}`) : t("place.n", { n });
}

/** Put the translated text into every element marked data-i18n (static parts of index.html). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
}

lang = initialLang();
