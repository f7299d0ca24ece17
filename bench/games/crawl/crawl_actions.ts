/**
 * Dungeon Crawl's action vocabulary: BALROG's NetHack words where the games share a command
 * (moves, stairs, wait, inventory, esc, more), Crawl's own for the rest (explore, autofight).
 * Keys are Crawl 0.28's defaults with vi-key movement.
 *
 * @module
 */

/** One action: the keys it types and what it does. */
export interface CrawlAction {
  readonly keys: string;
  readonly description: string;
}

/** Every action. */
export const CRAWL_ACTIONS: Readonly<Record<string, CrawlAction>> = {
  "north": { keys: "k", description: "move north (attacks a monster there)" },
  "east": { keys: "l", description: "move east" },
  "south": { keys: "j", description: "move south" },
  "west": { keys: "h", description: "move west" },
  "northeast": { keys: "u", description: "move northeast" },
  "southeast": { keys: "n", description: "move southeast" },
  "southwest": { keys: "b", description: "move southwest" },
  "northwest": { keys: "y", description: "move northwest" },
  "far north": { keys: "K", description: "run north until something interesting" },
  "far east": { keys: "L", description: "run east" },
  "far south": { keys: "J", description: "run south" },
  "far west": { keys: "H", description: "run west" },
  "far northeast": { keys: "U", description: "run northeast" },
  "far southeast": { keys: "N", description: "run southeast" },
  "far southwest": { keys: "B", description: "run southwest" },
  "far northwest": { keys: "Y", description: "run northwest" },
  "up": { keys: "<", description: "go up a staircase" },
  "down": { keys: ">", description: "go down a staircase (only when standing on one)" },
  "wait": { keys: ".", description: "wait one turn" },
  "rest": { keys: "5", description: "rest until healed or something happens" },
  "explore": { keys: "o", description: "explore the level automatically until something happens" },
  "autofight": { keys: "\t", description: "attack the nearest monster" },
  "more": { keys: "\r", description: "continue a message or confirm" },
  "esc": { keys: "\x1b", description: "close a menu or cancel a prompt" },
  "yes": { keys: "Y", description: "answer yes to a question" },
  "no": { keys: "N", description: "answer no to a question" },
  "inventory": { keys: "i", description: "show your inventory" },
  "pickup": { keys: ",", description: "pick up items here" },
  "drop": { keys: "d", description: "drop an item" },
  "quaff": { keys: "q", description: "drink a potion" },
  "read": { keys: "r", description: "read a scroll" },
  "wield": { keys: "w", description: "wield a weapon" },
  "wear": { keys: "W", description: "wear armour" },
  "takeoff": { keys: "T", description: "take off armour" },
  "puton": { keys: "P", description: "put on jewellery" },
  "remove": { keys: "R", description: "remove jewellery" },
  "evoke": { keys: "V", description: "evoke a wand or item" },
  "fire": { keys: "f", description: "fire the quivered missile" },
  "cast": { keys: "z", description: "cast a spell" },
  "pray": { keys: "p", description: "pray at an altar" },
  "ability": { keys: "a", description: "use an ability (e.g. Berserk)" },
  "look": { keys: "x", description: "look around" },
  "a": { keys: "a", description: "select item or choice a" },
  "b": { keys: "b", description: "select item or choice b" },
  "c": { keys: "c", description: "select item or choice c" },
  "d": { keys: "d", description: "select item or choice d" },
  "e": { keys: "e", description: "select item or choice e" },
};

/** The action names, in order. */
export const CRAWL_ACTION_NAMES: readonly string[] = Object.keys(CRAWL_ACTIONS);

/** What runs for an invalid action. */
export const CRAWL_DEFAULT_ACTION = "esc";

/** The instruction text for the agent. */
export function crawlInstructions(): string {
  const list = CRAWL_ACTION_NAMES.map((a) => `${a}: ${CRAWL_ACTIONS[a].description}.`).join("\n");
  return [
    "You are an agent playing Dungeon Crawl Stone Soup as a Minotaur Berserker. The goal is to",
    "go as deep as you can into the Dungeon, gain experience levels and collect runes;",
    "progression counts the deepest Dungeon level, the experience level and the runes. The map",
    "shows @ for you, > and < for stairs, letters for monsters; the right panel holds your",
    "health, experience level (XL) and place. Answer with exactly one action from this list:",
    list,
  ].join("\n");
}
