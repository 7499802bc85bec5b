package org.dtp.formats.playlists;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dtp.formats.folder.FileNames;
import org.dtp.models.ModelFormatException;
import org.dtp.models.ModelJson;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.ItemRejectedException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A playlist in a folder (on a disk, in a bucket, on a drive). {@code <name>.json} is the lossless form, ours: the canonical {@link Playlist} and its
 * {@link PlaylistTrack}s as {@link ModelJson} writes them, with the idempotency keys of their import (an import
 * told to write only player files keeps the same document hidden, {@code .<name>.dtp-playlist.json}, holding only
 * what those files hold).
 * {@code <name>.m3u8} (extended M3U, UTF-8) and {@code <name>.xspf} (XSPF version 1) are written beside it for
 * players, and read when a playlist has no JSON (made by a player). A track's location (a file path or URL,
 * what M3U and XSPF list) is its {@code providerIds} entry {@value #LOCATION_PROVIDER}: the id of the recording
 * in the folder (the key stays {@code localfs} wherever the folder lies, so that the files read alike everywhere).
 * The functions here are the format and its names; reading and writing the files is each store's.
 */
public final class PlaylistFiles {
    public static final String FORMAT = "dtp.localfs.playlist";
    /** The version of our JSON, as the local folder adapter's other sidecars give it. */
    public static final int FORMAT_VERSION = 1;
    public static final String JSON = ".json";
    public static final String M3U8 = ".m3u8";
    public static final String M3U = ".m3u";
    public static final String XSPF = ".xspf";
    /** The providerIds key of a track's location. */
    public static final String LOCATION_PROVIDER = "localfs";
    /** Larger files are not playlists of ours (10,000 tracks take about 5 MB). */
    public static final long MAX_PLAYLIST_BYTES = 64L << 20;
    /** Tracks per playlist we keep; Spotify allows 10,000 per playlist (developer.spotify.com, "Add Items to Playlist"). */
    public static final int MAX_TRACKS = 20_000;
    /** The hidden document of a playlist written without JSON: {@code .<stem>.dtp-playlist.json}. */
    public static final String HIDDEN_DOCUMENT_SUFFIX = ".dtp-playlist.json";
    /** Extensions of playlist files, in the order they are preferred for one name. */
    private static final List<String> EXTENSIONS = List.of(JSON, XSPF, M3U8, M3U);
    private static final String XSPF_NS = "http://xspf.org/ns/0/";
    private static final ModelJson MODELS = new ModelJson();
    private static final ObjectMapper MAPPER = MODELS.mapper();

    private PlaylistFiles() {
    }

    /** One track as an import stored it. */
    public record Entry(String idempotencyKey, PlaylistTrack track) {
    }

    /** A playlist and its tracks in order; {@code idempotencyKey} is null for one a player made. */
    public record Stored(String idempotencyKey, Playlist playlist, List<Entry> tracks) {
        /** Whether a track was imported with {@code key}. */
        public boolean holds(String key) {
            return tracks.stream().anyMatch(e -> key.equals(e.idempotencyKey()));
        }

        /**
         * With {@code added} (new keys) among the tracks, by position (stable: equal places keep their order); rejected
         * when that would be more than {@link #MAX_TRACKS} ({@code playlistId} says which playlist).
         */
        public Stored with(List<Entry> added, String playlistId) throws ItemRejectedException {
            if (tracks.size() + added.size() > MAX_TRACKS) {
                throw new ItemRejectedException("the playlist '" + playlistId + "' holds " + MAX_TRACKS + " tracks, as many as this adapter keeps");
            }
            List<Entry> all = new ArrayList<>(tracks);
            all.addAll(added);
            all.sort(Comparator.comparingInt(e -> e.track().position()));
            return new Stored(idempotencyKey, playlist, all);
        }
    }

    // --- names ---

    /** The rank of {@code name} among the playlist files of one name (0 preferred), -1 for no playlist file. */
    public static int rank(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (int i = 0; i < EXTENSIONS.size(); i++) {
            if (lower.endsWith(EXTENSIONS.get(i)) && lower.length() > EXTENSIONS.get(i).length()) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The name of the playlist's document: {@code <stem>.json} when JSON is written, else hidden beside the player
     * files (it then holds only what they hold, plus the keys).
     */
    public static String documentName(String stem, Set<PlaylistFormat> formats) {
        return formats.contains(PlaylistFormat.JSON) ? stem + JSON : "." + stem + HIDDEN_DOCUMENT_SUFFIX;
    }

    /** The stem of the playlist whose document is named {@code documentName}. */
    public static String stemOf(String documentName) {
        return documentName.endsWith(HIDDEN_DOCUMENT_SUFFIX) && documentName.startsWith(".")
                ? documentName.substring(1, documentName.length() - HIDDEN_DOCUMENT_SUFFIX.length())
                : FileNames.withoutExtension(documentName);
    }

    /** Every name a form of a playlist {@code stem} may have (a player's, a file of the person's, ours hidden). */
    public static List<String> formsOf(String stem) {
        return List.of(stem + JSON, stem + M3U8, stem + M3U, stem + XSPF, "." + stem + HIDDEN_DOCUMENT_SUFFIX);
    }

    /** The player files of the playlist {@code stem} that {@code formats} asks for, by name, in writing order. */
    public static Map<String, byte[]> views(String stem, Stored stored, Set<PlaylistFormat> formats) throws IOException {
        List<PlaylistTrack> tracks = stored.tracks().stream().map(Entry::track).toList();
        Map<String, byte[]> views = new LinkedHashMap<>();
        if (formats.contains(PlaylistFormat.M3U8)) {
            views.put(stem + M3U8, writeM3u8(stored.playlist(), tracks));
        }
        if (formats.contains(PlaylistFormat.XSPF)) {
            views.put(stem + XSPF, writeXspf(stored.playlist(), tracks));
        }
        return views;
    }

    /**
     * The playlist in the file {@code fileName} (a playlist file by its {@link #rank}) of {@code bytes}. Its id is
     * {@code id}; a track's id is the playlist's and the track's place in the file ({@code Mix.json#3}), stable while
     * the file does not change.
     */
    public static Stored read(byte[] bytes, String id, String fileName) throws IOException {
        String stem = FileNames.withoutExtension(fileName);
        Stored stored = switch (rank(fileName)) {
            case 0 -> readJson(bytes, id);
            case 1 -> readXspf(bytes, id, stem);
            case 2, 3 -> readM3u(bytes, id, stem);
            default -> throw new ModelFormatException("'" + id + "' is no playlist file");
        };
        Playlist p = stored.playlist();
        List<Entry> tracks = new ArrayList<>();
        for (int i = 0; i < stored.tracks().size(); i++) {
            PlaylistTrack t = stored.tracks().get(i).track();
            tracks.add(new Entry(stored.tracks().get(i).idempotencyKey(), new PlaylistTrack(id + "#" + i, t.position(), t.isrc(),
                    t.title(), t.artists(), t.album(), t.durationMs(), t.providerIds())));
        }
        return new Stored(stored.idempotencyKey(), new Playlist(id, p.name(), p.description(), p.publiclyVisible(), p.owner()), tracks);
    }

    // --- what the player formats keep ---

    /** A field of the source the chosen files cannot hold, for the fidelity report. */
    public record Lost(String field, String reason) {
    }

    /**
     * The playlist as far as {@code formats} hold it ({@code lost} gets the rest): all of it with JSON; else its
     * name, and with XSPF its description (annotation) and owner (creator); whether it is public, never.
     */
    public static Playlist keptOf(Playlist playlist, Set<PlaylistFormat> formats, List<Lost> lost) {
        if (formats.contains(PlaylistFormat.JSON)) {
            return playlist;
        }
        boolean xspf = formats.contains(PlaylistFormat.XSPF);
        String holders = holders(formats);
        if (!xspf && playlist.description() != null) {
            lost.add(new Lost("description", "M3U8 has no description"));
        }
        if (!xspf && playlist.owner() != null) {
            lost.add(new Lost("owner", "M3U8 has no owner"));
        }
        if (playlist.publiclyVisible()) {
            lost.add(new Lost("publiclyVisible", holders + " cannot say that a playlist is public"));
        }
        return new Playlist(playlist.id(), playlist.name(), xspf ? playlist.description() : null, false,
                xspf ? playlist.owner() : null);
    }

    /**
     * The track as far as {@code formats} hold it ({@code lost} gets the rest): all of it with JSON; else its title,
     * artists as one text, location, duration (M3U8: whole seconds) and, with XSPF, album; never ISRC or the ids of
     * other providers.
     */
    public static PlaylistTrack keptOf(PlaylistTrack track, Set<PlaylistFormat> formats, List<Lost> lost) {
        if (formats.contains(PlaylistFormat.JSON)) {
            return track;
        }
        boolean xspf = formats.contains(PlaylistFormat.XSPF);
        String holders = holders(formats);
        if (track.isrc() != null) {
            lost.add(new Lost("isrc", holders + " have no field for an ISRC"));
        }
        track.providerIds().keySet().stream().filter(k -> !k.equals(LOCATION_PROVIDER)).sorted().forEach(k ->
                lost.add(new Lost("providerIds." + k, holders + " keep only a location, not the track's id at " + k)));
        if (!xspf && track.album() != null) {
            lost.add(new Lost("album", "M3U8 has no album"));
        }
        List<String> artists = track.artists();
        if (artists.size() > 1) {
            lost.add(new Lost("artists", holders + " hold the artists as one text (\"" + String.join(", ", artists) + "\")"));
            artists = List.of(String.join(", ", artists));
        }
        Long duration = track.durationMs();
        if (!xspf && duration != null && duration % 1000 != 0) {
            lost.add(new Lost("durationMs", "M3U8 holds whole seconds"));
            duration = Math.round(duration / 1000.0) * 1000;
        }
        String location = track.providerIds().get(LOCATION_PROVIDER);
        return new PlaylistTrack(track.id(), track.position(), null, track.title(), artists, xspf ? track.album() : null,
                duration, location == null ? Map.of() : Map.of(LOCATION_PROVIDER, location));
    }

    private static String holders(Set<PlaylistFormat> formats) {
        return formats.contains(PlaylistFormat.XSPF) && formats.contains(PlaylistFormat.M3U8) ? "M3U8 and XSPF"
                : formats.contains(PlaylistFormat.XSPF) ? "XSPF" : "M3U8";
    }

    // --- our JSON ---

    public static byte[] writeJson(Stored doc) throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("formatVersion", FORMAT_VERSION);
        root.put("idempotencyKey", doc.idempotencyKey());
        root.set("playlist", MAPPER.readTree(MODELS.write(doc.playlist())));
        ArrayNode tracks = root.putArray("tracks");
        for (Entry entry : doc.tracks()) {
            ObjectNode node = tracks.addObject();
            node.put("idempotencyKey", entry.idempotencyKey());
            node.set("track", MAPPER.readTree(MODELS.write(entry.track())));
        }
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
    }

    /** Our JSON read back; {@link ModelFormatException} when it is not ours or not valid. */
    public static Stored readJson(byte[] json, String playlistId) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (IOException e) {
            throw new ModelFormatException("'" + playlistId + "' is not valid JSON: " + e.getMessage(), e);
        }
        if (root == null || !FORMAT.equals(root.path("format").asText())) {
            throw new ModelFormatException("'" + playlistId + "' is not a playlist of this adapter (no format " + FORMAT + ")");
        }
        Playlist playlist = MODELS.read(root.path("playlist").toString(), Playlist.class);
        List<Entry> tracks = new ArrayList<>();
        for (JsonNode node : root.path("tracks")) {
            tracks.add(new Entry(node.path("idempotencyKey").asText(null), MODELS.read(node.path("track").toString(), PlaylistTrack.class)));
        }
        return new Stored(root.path("idempotencyKey").asText(null), playlist, tracks);
    }

    // --- extended M3U ---

    /** {@code #EXTM3U}, {@code #PLAYLIST:} name, and per track {@code #EXTINF:<seconds>,<artists> - <title>} and its location if known. */
    private static byte[] writeM3u8(Playlist playlist, List<PlaylistTrack> tracks) {
        StringBuilder out = new StringBuilder("#EXTM3U\n");
        out.append("#PLAYLIST:").append(oneLine(playlist.name())).append('\n');
        for (PlaylistTrack track : tracks) {
            long seconds = track.durationMs() == null ? -1 : Math.round(track.durationMs() / 1000.0);
            out.append("#EXTINF:").append(seconds).append(',').append(oneLine(display(track))).append('\n');
            String location = track.providerIds().get(LOCATION_PROVIDER);
            if (location != null && !location.isBlank()) {
                out.append(oneLine(location)).append('\n');
            }
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A playlist an M3U file lists: its tracks have what #EXTINF and the location say, nothing else. */
    private static Stored readM3u(byte[] bytes, String playlistId, String fallbackName) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        String name = fallbackName;
        List<Entry> tracks = new ArrayList<>();
        Long pendingDuration = null;
        String pendingTitle = null;
        boolean pending = false;
        for (String raw : text.split("\r\n|\n|\r")) {
            String line = raw.strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#PLAYLIST:")) {
                name = line.substring("#PLAYLIST:".length()).strip();
            } else if (line.startsWith("#EXTINF:")) {
                if (pending) {
                    tracks.add(m3uTrack(playlistId, tracks.size(), pendingDuration, pendingTitle, null));
                }
                String info = line.substring("#EXTINF:".length());
                int comma = info.indexOf(',');
                pendingDuration = seconds(comma < 0 ? info : info.substring(0, comma));
                pendingTitle = comma < 0 ? null : info.substring(comma + 1).strip();
                pending = true;
            } else if (!line.startsWith("#")) {
                tracks.add(m3uTrack(playlistId, tracks.size(), pendingDuration, pendingTitle, line));
                pending = false;
                pendingDuration = null;
                pendingTitle = null;
            }
        }
        if (pending) {
            tracks.add(m3uTrack(playlistId, tracks.size(), pendingDuration, pendingTitle, null));
        }
        return new Stored(null, new Playlist(playlistId, name.isBlank() ? fallbackName : name, null, false, null), tracks);
    }

    private static Entry m3uTrack(String playlistId, int position, Long durationMs, String display, String location) {
        String title = display;
        List<String> artists = List.of();
        if (display != null) {
            int dash = display.indexOf(" - ");
            if (dash > 0) {
                artists = List.of(display.substring(0, dash).strip());
                title = display.substring(dash + 3).strip();
            }
        }
        if ((title == null || title.isBlank()) && location != null) {
            title = FileNames.withoutExtension(location.substring(Math.max(location.lastIndexOf('/'), location.lastIndexOf('\\')) + 1));
        }
        return new Entry(null, new PlaylistTrack(playlistId + "#" + position, position, null, blankToNull(title), artists, null,
                durationMs, location == null ? Map.of() : Map.of(LOCATION_PROVIDER, location)));
    }

    /** #EXTINF's duration: whole (or decimal) seconds, -1 or anything unreadable for unknown. */
    private static Long seconds(String text) {
        try {
            double seconds = Double.parseDouble(text.strip().split("\\s")[0]);
            return seconds < 0 ? null : Math.round(seconds * 1000);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // --- XSPF ---

    /** XSPF version 1 with the JDK's StAX writer (which escapes text); characters XML 1.0 forbids are dropped. */
    private static byte[] writeXspf(Playlist playlist, List<PlaylistTrack> tracks) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("playlist");
            xml.writeDefaultNamespace(XSPF_NS);
            xml.writeAttribute("version", "1");
            element(xml, 1, "title", playlist.name());
            element(xml, 1, "creator", playlist.owner());
            element(xml, 1, "annotation", playlist.description());
            xml.writeCharacters("\n  ");
            xml.writeStartElement("trackList");
            for (PlaylistTrack track : tracks) {
                xml.writeCharacters("\n    ");
                xml.writeStartElement("track");
                element(xml, 3, "location", track.providerIds().get(LOCATION_PROVIDER));
                element(xml, 3, "title", track.title());
                element(xml, 3, "creator", track.artists().isEmpty() ? null : String.join(", ", track.artists()));
                element(xml, 3, "album", track.album());
                element(xml, 3, "duration", track.durationMs() == null ? null : track.durationMs().toString());
                xml.writeCharacters("\n    ");
                xml.writeEndElement();
            }
            xml.writeCharacters("\n  ");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write XSPF: " + e.getMessage(), e);
        }
        return out.toByteArray();
    }

    private static void element(XMLStreamWriter xml, int depth, String name, String value) throws XMLStreamException {
        if (value == null || value.isEmpty()) {
            return;
        }
        xml.writeCharacters("\n" + "  ".repeat(depth));
        xml.writeStartElement(name);
        xml.writeCharacters(xmlText(value));
        xml.writeEndElement();
    }

    /** Drops what XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF). */
    private static String xmlText(String value) {
        StringBuilder out = new StringBuilder(value.length());
        value.codePoints().forEach(cp -> {
            boolean allowed = cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF)
                    || (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
            if (allowed) {
                out.appendCodePoint(cp);
            }
        });
        return out.toString();
    }

    /** A playlist an XSPF file lists; DOCTYPEs (and so external entities) are refused. */
    private static Stored readXspf(byte[] bytes, String playlistId, String fallbackName) throws IOException {
        Document xml;
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setExpandEntityReferences(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(null);
            xml = builder.parse(new ByteArrayInputStream(bytes));
        } catch (ParserConfigurationException | SAXException e) {
            throw new ModelFormatException("'" + playlistId + "' is not valid XSPF: " + e.getMessage(), e);
        }
        Element root = xml.getDocumentElement();
        if (!"playlist".equals(root.getLocalName()) || !XSPF_NS.equals(root.getNamespaceURI())) {
            throw new ModelFormatException("'" + playlistId + "' is not XSPF (no playlist element in " + XSPF_NS + ")");
        }
        String title = child(root, "title");
        Playlist playlist = new Playlist(playlistId, title == null || title.isBlank() ? fallbackName : title,
                child(root, "annotation"), false, child(root, "creator"));
        List<Entry> tracks = new ArrayList<>();
        Element list = firstChild(root, "trackList");
        if (list != null) {
            NodeList nodes = list.getChildNodes();
            for (int i = 0; i < nodes.getLength(); i++) {
                if (nodes.item(i) instanceof Element track && "track".equals(track.getLocalName())) {
                    int position = tracks.size();
                    String creator = child(track, "creator");
                    String location = child(track, "location");
                    tracks.add(new Entry(null, new PlaylistTrack(playlistId + "#" + position, position, null,
                            child(track, "title"), creator == null ? List.of() : List.of(creator), child(track, "album"),
                            millis(child(track, "duration")),
                            location == null ? Map.of() : Map.of(LOCATION_PROVIDER, location))));
                }
            }
        }
        return new Stored(null, playlist, tracks);
    }

    private static Element firstChild(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && name.equals(e.getLocalName()) && XSPF_NS.equals(e.getNamespaceURI())) {
                return e;
            }
        }
        return null;
    }

    private static String child(Element parent, String name) {
        Element e = firstChild(parent, name);
        return e == null ? null : blankToNull(e.getTextContent().strip());
    }

    private static Long millis(String text) {
        try {
            long ms = text == null ? -1 : Long.parseLong(text.strip());
            return ms < 0 ? null : ms;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** "Artist, Artist - Title", as players show a track. */
    private static String display(PlaylistTrack track) {
        String title = track.title() == null ? "" : track.title();
        return track.artists().isEmpty() ? title : String.join(", ", track.artists()) + " - " + title;
    }

    private static String oneLine(String value) {
        return value == null ? "" : value.replaceAll("[\\r\\n]+", " ");
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
