/**
 * Confinement of attachment paths to the task's dataset folder: the requested name must be
 * relative, must not climb out with `..`, and after following symbolic links the file must still
 * lie inside the folder (also after following links).
 *
 * @module
 */
import { isAbsolute, join, normalize, relative } from "node:path";
import { WebToolError } from "./web_error.ts";

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

/**
 * The real path of `name` inside `dir`. Throws `path_escape` for absolute names, `..` and
 * links leading outside, and `not_found` when there is no such file.
 */
export async function resolveAttachment(dir: string, name: string): Promise<string> {
  const cleaned = name.trim().replaceAll("\\", "/");
  if (!cleaned || cleaned.includes("\0") || isAbsolute(cleaned) || /^[A-Za-z]:/.test(cleaned)) {
    throw new WebToolError("path_escape", `attachment names are relative to the task folder`);
  }
  const joined = normalize(join(dir, cleaned));
  const root = await Deno.realPath(dir).catch((error) => {
    throw new WebToolError("not_found", "the task's attachment folder does not exist", {
      cause: error,
    });
  });
  if (!inside(normalize(dir), joined) && !inside(root, joined)) {
    throw new WebToolError("path_escape", `${JSON.stringify(name)} is outside the task folder`);
  }
  let real: string;
  try {
    real = await Deno.realPath(joined);
  } catch {
    throw new WebToolError("not_found", `no attachment named ${JSON.stringify(name)}`);
  }
  if (!inside(root, real)) {
    throw new WebToolError("path_escape", `${JSON.stringify(name)} links outside the task folder`);
  }
  const info = await Deno.stat(real);
  if (!info.isFile) throw new WebToolError("not_found", `${JSON.stringify(name)} is not a file`);
  return real;
}
