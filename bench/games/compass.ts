/**
 * The eight compass moves as map offsets (x right, y down), in the words every game's action
 * vocabulary uses for them.
 *
 * @module
 */

/** Column and row offset of each compass move. */
export const COMPASS_OFFSETS: Readonly<Record<string, readonly [number, number]>> = {
  north: [0, -1],
  south: [0, 1],
  east: [1, 0],
  west: [-1, 0],
  northeast: [1, -1],
  northwest: [-1, -1],
  southeast: [1, 1],
  southwest: [-1, 1],
};
