package org.dtp.adapters.archives.takeout;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the JSON sidecar Takeout wrote for a media file in the same folder, through the ways Takeout mangles its
 * name (sources in the adapter's README):
 * <ul>
 *   <li>{@code IMG_1234.jpg.json} (older exports) or {@code IMG_1234.jpg.supplemental-metadata.json} (since 2024);</li>
 *   <li>the name before {@code .json} cut to a budget of about 46 characters (seen from 46 to 51 in the total
 *   name): the cut eats the {@code .supplemental-metadata} part first ({@code .supplemental-metad.json},
 *   {@code .suppl.json}, {@code .s.json}, {@code ..json}), then the media name itself
 *   ({@code IMG_20190101_123456789_HDR_something_long.jp.json});</li>
 *   <li>a duplicate's index, which the media file carries before its extension ({@code IMG_1234(1).jpg}), moves to
 *   the sidecar's end and is never cut ({@code IMG_1234.jpg(1).json},
 *   {@code IMG_1234.jpg.supplemental-metadata(1).json});</li>
 *   <li>an edited copy ({@code IMG_1234-edited.jpg}, {@code -bearbeitet}, {@code -modifié}, {@code -modificato}) has no sidecar of its
 *   own and shares the original's.</li>
 * </ul>
 * Lookups are exact keys in an index of the folder's sidecars, so a folder of any size costs one pass.
 */
final class SidecarNames {
    private static final String SUPPLEMENTAL = ".supplemental-metadata";
    /** The budgets before {@code .json} seen in real exports, less a duplicate index of up to 4 characters. */
    private static final int SHORTEST_CUT = 40;
    private static final int LONGEST_CUT = 51;
    private static final Pattern DUPLICATE = Pattern.compile("(.*)(\\(\\d{1,3}\\))");
    /** Edited copies: English, German, French and Italian accounts, as confirmed in immich-go's notes (see the README). */
    private static final List<String> EDITED_SUFFIXES = List.of("-edited", "-bearbeitet", "-modifié", "-modificato");

    /** Sidecar file name by lookup key (the media name it stands for, cut or whole, and its duplicate index). */
    private final Map<String, String> byKey = new HashMap<>();

    /** Indexes the sidecars of one folder, given their file names. */
    SidecarNames(Iterable<String> sidecarNames) {
        for (String sidecar : sidecarNames) {
            String name = nfc(sidecar);
            if (!name.endsWith(".json")) {
                continue;
            }
            String stem = name.substring(0, name.length() - ".json".length());
            String index = "";
            Matcher duplicate = DUPLICATE.matcher(stem);
            if (duplicate.matches()) {
                stem = duplicate.group(1);
                index = duplicate.group(2);
            }
            String withoutSupplemental = withoutSupplemental(stem);
            // An exact key first: the whole media name (supplemental part cut or not); else the name as it stands.
            if (withoutSupplemental != null) {
                byKey.putIfAbsent(key(withoutSupplemental, index), sidecar);
            }
            byKey.putIfAbsent(key(stem, index), sidecar);
        }
    }

    /** The sidecar's file name for {@code mediaName}, or null when the folder has none for it. */
    String find(String mediaName) {
        String name = nfc(mediaName);
        String extension = extensionWithDot(name);
        String stem = name.substring(0, name.length() - extension.length());
        Matcher duplicate = DUPLICATE.matcher(stem);
        List<String[]> readings = new ArrayList<>();
        if (duplicate.matches()) {
            readings.add(new String[]{duplicate.group(1) + extension, duplicate.group(2)});
        }
        readings.add(new String[]{name, ""});
        for (String[] reading : readings) {
            String found = lookUp(reading[0], reading[1]);
            if (found == null) {
                String original = unedited(reading[0]);
                found = original == null ? null : lookUp(original, reading[1]);
            }
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private String lookUp(String mediaName, String index) {
        String whole = byKey.get(key(mediaName, index));
        if (whole != null) {
            return whole;
        }
        // The oldest exports: IMG_1234.json, without the media's extension.
        String withoutExtension = byKey.get(key(mediaName.substring(0, mediaName.length() - extensionWithDot(mediaName).length()), index));
        if (withoutExtension != null && !extensionWithDot(mediaName).isEmpty()) {
            return withoutExtension;
        }
        for (int cut = Math.min(LONGEST_CUT, mediaName.length() - 1); cut >= SHORTEST_CUT; cut--) {
            String found = byKey.get(key(mediaName.substring(0, cut), index));
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** The original's name of an edited copy, or null when {@code mediaName} is not one. */
    private static String unedited(String mediaName) {
        String extension = extensionWithDot(mediaName);
        String stem = mediaName.substring(0, mediaName.length() - extension.length());
        for (String suffix : EDITED_SUFFIXES) {
            if (stem.endsWith(suffix) && stem.length() > suffix.length()) {
                return stem.substring(0, stem.length() - suffix.length()) + extension;
            }
        }
        return null;
    }

    /** {@code stem} without a trailing cut of ".supplemental-metadata" (at least its dot), or null when it has none. */
    private static String withoutSupplemental(String stem) {
        int dot = stem.lastIndexOf('.');
        if (dot < 0) {
            return null;
        }
        String tail = stem.substring(dot);
        return SUPPLEMENTAL.startsWith(tail) ? stem.substring(0, dot) : null;
    }

    private static String extensionWithDot(String name) {
        int dot = name.lastIndexOf('.');
        return dot <= 0 ? "" : name.substring(dot);
    }

    private static String key(String mediaName, String index) {
        return mediaName + '\u0000' + index;
    }

    /** Zip tools write names in either Unicode form (macOS decomposes é); compared composed. */
    private static String nfc(String name) {
        return Normalizer.normalize(name, Normalizer.Form.NFC);
    }
}
