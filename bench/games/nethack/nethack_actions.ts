/**
 * NetHack's action vocabulary in BALROG's words (its NLE action names and descriptions) and the
 * keys each one types with `number_pad:0`. Commands without a plain key are typed as extended
 * commands (`#pray` + Enter), which the tty interface accepts the same way.
 *
 * @module
 */

/** One action: the keys it types and BALROG's description of it. */
export interface NethackAction {
  readonly keys: string;
  readonly description: string;
}

const ext = (name: string) => `#${name}\r`;

/** Every action, in BALROG's order. */
export const NETHACK_ACTIONS: Readonly<Record<string, NethackAction>> = {
  "north": { keys: "k", description: "move north" },
  "east": { keys: "l", description: "move east" },
  "south": { keys: "j", description: "move south" },
  "west": { keys: "h", description: "move west" },
  "northeast": { keys: "u", description: "move northeast" },
  "southeast": { keys: "n", description: "move southeast" },
  "southwest": { keys: "b", description: "move southwest" },
  "northwest": { keys: "y", description: "move northwest" },
  "far north": { keys: "K", description: "move far north" },
  "far east": { keys: "L", description: "move far east" },
  "far south": { keys: "J", description: "move far south" },
  "far west": { keys: "H", description: "move far west" },
  "far northeast": { keys: "U", description: "move far northeast" },
  "far southeast": { keys: "N", description: "move far southeast" },
  "far southwest": { keys: "B", description: "move far southwest" },
  "far northwest": { keys: "Y", description: "move far northwest" },
  "up": { keys: "<", description: "go up a staircase" },
  "down": {
    keys: ">",
    description:
      "go down a staircase (tip: you can only go down if you are standing on the stairs)",
  },
  "wait": { keys: ".", description: "rest one move while doing nothing" },
  "more": {
    keys: "\r",
    description:
      "display more of the message (tip: ONLY ever use when current message ends with --More--)",
  },
  "annotate": { keys: ext("annotate"), description: "leave a note about the level" },
  "apply": { keys: "a", description: "apply (use) a tool" },
  "call": { keys: "C", description: "name a monster or object, or add an annotation" },
  "cast": { keys: "Z", description: "cast a spell" },
  "close": { keys: "c", description: "close an adjacent door" },
  "open": { keys: "o", description: "open an adjacent door" },
  "dip": { keys: ext("dip"), description: "dip an object into something" },
  "drop": { keys: "d", description: "drop an item" },
  "droptype": { keys: "D", description: "drop specific item types (specify in the next prompt)" },
  "eat": { keys: "e", description: "eat something (tip: replenish food when hungry)" },
  "esc": { keys: "\x1b", description: "exit menu or message" },
  "engrave": { keys: "E", description: "engrave writing on the floor (tip: Elbereth)" },
  "enhance": { keys: ext("enhance"), description: "advance or check weapons skills" },
  "fire": { keys: "f", description: "fire ammunition from quiver" },
  "fight": { keys: "F", description: "fight a monster (even if you only guess one is there)" },
  "force": { keys: ext("force"), description: "force a lock" },
  "inventory": { keys: "i", description: "show your inventory" },
  "invoke": { keys: ext("invoke"), description: "invoke " },
  "jump": { keys: ext("jump"), description: "jump to a location" },
  "kick": { keys: "\x04", description: "kick an enemy or a locked door or chest" },
  "look": { keys: ":", description: "look at what is under you" },
  "loot": { keys: ext("loot"), description: "loot a box on the floor" },
  "monster": {
    keys: ext("monster"),
    description: "use a monster's special ability (when polymorphed)",
  },
  "offer": {
    keys: ext("offer"),
    description: "offer a sacrifice to the gods (tip: on an aligned altar)",
  },
  "pay": { keys: "p", description: "pay your shopping bill" },
  "pickup": { keys: ",", description: "pick up things at the current location" },
  "pray": { keys: ext("pray"), description: "pray to the gods for help" },
  "puton": { keys: "P", description: "put on an accessory" },
  "quaff": { keys: "q", description: "quaff (drink) something" },
  "quiver": { keys: "Q", description: "select ammunition for quiver" },
  "read": { keys: "r", description: "read a scroll or spellbook" },
  "remove": { keys: "R", description: "remove an accessory" },
  "rub": { keys: ext("rub"), description: "rub a lamp or a stone" },
  "search": { keys: "s", description: "search for hidden doors and passages" },
  "swap": { keys: "x", description: "swap wielded and secondary weapons" },
  "takeoff": { keys: "T", description: "take off one piece of armor" },
  "takeoffall": { keys: "A", description: "take off all armor" },
  "teleport": { keys: "\x14", description: "teleport to another level (if you have the ability)" },
  "throw": { keys: "t", description: "throw something (e.g. a dagger or dart)" },
  "travel": {
    keys: "_",
    description:
      "travel to a specific location on the map (tip: in the next action, specify > or < for stairs, { for fountain, and _ for altar)",
  },
  "twoweapon": { keys: "X", description: "toggle two-weapon combat" },
  "untrap": { keys: ext("untrap"), description: "untrap something" },
  "wear": { keys: "W", description: "wear a piece of armor" },
  "wield": { keys: "w", description: "wield a weapon" },
  "wipe": { keys: ext("wipe"), description: "wipe off your face" },
  "zap": { keys: "z", description: "zap a wand" },
  "minus": { keys: "-", description: "-" },
  "space": { keys: " ", description: " " },
  "apos": { keys: "'", description: "'" },
  "0": { keys: "0", description: "0" },
  "1": { keys: "1", description: "1" },
  "2": { keys: "2", description: "2" },
  "3": { keys: "3", description: "3" },
  "4": { keys: "4", description: "4" },
  "5": { keys: "5", description: "5" },
  "6": { keys: "6", description: "6" },
  "7": { keys: "7", description: "7" },
  "8": { keys: "8", description: "8" },
  "9": { keys: "9", description: "9" },
};

/** The action names, in order. */
export const NETHACK_ACTION_NAMES: readonly string[] = Object.keys(NETHACK_ACTIONS);

/** BALROG's default (invalid-action) action for NetHack. */
export const NETHACK_DEFAULT_ACTION = "esc";

/** The instruction text: BALROG's NetHack rules paragraph in short, and the action list. */
export function nethackInstructions(): string {
  const list = NETHACK_ACTION_NAMES.map((a) => `${a}: ${NETHACK_ACTIONS[a].description}.`).join(
    "\n",
  );
  return [
    "You are an agent playing NetHack. The goal is to descend as deep as you can into the",
    "dungeon and gain experience; progression counts the deepest level and the highest",
    "experience level reached. The map uses NetHack's symbols: @ is you, > and < are stairs,",
    ". floor, # corridor, + door or spellbook, | and - walls. In a moment you will be given an",
    "observation; answer with exactly one action from this list:",
    list,
  ].join("\n");
}
