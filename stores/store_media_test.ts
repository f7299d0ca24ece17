import assert from "node:assert/strict";
import { mountOptionsOf, whyReadOnly } from "./store_media.ts";

const MOUNTINFO = [
  "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw",
  "40 22 8:1 /srv/data /mnt/my\\040stores rw,relatime shared:1 - ext4 /dev/sda1 rw",
  "41 40 8:1 /srv/data /mnt/my\\040stores ro,relatime shared:1 - ext4 /dev/sda1 rw",
].join("\n");

Deno.test("the mount holding a path is the longest mount point, the last one over a point wins, escapes decoded", () => {
  assert.deepEqual(mountOptionsOf(MOUNTINFO, "/mnt/my stores/units"), {
    mountPoint: "/mnt/my stores",
    options: ["ro", "relatime"],
  });
  assert.equal(mountOptionsOf(MOUNTINFO, "/mnt/my storesX")?.mountPoint, "/");
  assert.equal(mountOptionsOf("", "/x"), null);
});

Deno.test("a fresh temp directory is writable", async () => {
  assert.equal(await whyReadOnly(await Deno.makeTempDir()), null);
});
