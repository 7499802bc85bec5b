/**
 * Playlists as files, as the local folder adapter writes and reads them (and the storage adapters, in the same
 * layout): {@code <name>.json} with {@code <name>.m3u8} and {@code <name>.xspf} beside it, players' M3U and XSPF read
 * back ({@link org.dtp.formats.playlists.PlaylistFiles}), and the endpoint setting choosing the files an import writes
 * ({@link org.dtp.formats.playlists.PlaylistFormat}). Moved from the local folder adapter, unchanged.
 */
@Export
@Version("1.0.0")
package org.dtp.formats.playlists;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
