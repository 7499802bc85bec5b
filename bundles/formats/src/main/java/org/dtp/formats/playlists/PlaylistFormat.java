package org.dtp.formats.playlists;

import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** The files a playlist import writes: {@code json} is the lossless one, the others are for players. */
public enum PlaylistFormat {
    JSON, M3U8, XSPF;

    /** The endpoint setting choosing which files a playlist import writes: any of {@code json,m3u8,xspf} (default all). */
    public static final String SETTING = "playlistFormats";

    /** The endpoint's {@link #SETTING}; all three when it is not given. */
    public static Set<PlaylistFormat> of(TransferEndpoint endpoint) throws InvalidEndpointException {
        String value = endpoint.settings().get(SETTING);
        if (value == null || value.isBlank()) {
            return EnumSet.allOf(PlaylistFormat.class);
        }
        Set<PlaylistFormat> formats = EnumSet.noneOf(PlaylistFormat.class);
        for (String part : value.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            try {
                formats.add(PlaylistFormat.valueOf(part.strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new InvalidEndpointException("the setting '" + SETTING + "' lists 'json', 'm3u8' or 'xspf', not '"
                        + part.strip() + "'");
            }
        }
        if (formats.isEmpty()) {
            throw new InvalidEndpointException("the setting '" + SETTING + "' must name at least one of json, m3u8, xspf");
        }
        return formats;
    }
}
