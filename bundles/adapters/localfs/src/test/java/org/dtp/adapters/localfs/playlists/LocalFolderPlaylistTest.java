package org.dtp.adapters.localfs.playlists;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.adapters.localfs.Transfers;
import org.dtp.formats.playlists.PlaylistFiles;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.w3c.dom.Document;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Playlists as JSON (lossless), M3U8 and XSPF beside it; players' M3U8 and XSPF read back. */
public class LocalFolderPlaylistTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private static final Playlist MIX = new Playlist("sp:1", "Road trip: <80s> & \"more\"", "For the A7\u0001", true, "ann");
    private static final List<PlaylistTrack> TRACKS = List.of(
            new PlaylistTrack("e1", 0, "GBAYE0601498", "Here Comes the Sun", List.of("The Beatles"), "Abbey Road", 185_733L,
                    Map.of("spotify", "6dGnYIeXmHdcikdzNNDMm2", PlaylistFiles.LOCATION_PROVIDER, "music/Beatles/Here Comes the Sun.flac")),
            new PlaylistTrack("e2", 1, "USSM18100116", "Don't Stop Believin'", List.of("Journey"), "Escape", 250_986L, Map.of()),
            new PlaylistTrack("e3", 2, null, "Under Pressure", List.of("Queen", "David Bowie"), null, null, Map.of()));

    private static void importMix(Path root, LocalFolderSettings settings) throws Exception {
        LocalFolderPlaylistImporter importer = new LocalFolderPlaylistImporter(settings);
        TestImportContext ctx = TestContexts.destination(root, ref -> InputStream.nullInputStream());
        String id = importer.importContainer(ctx, "c:sp:1", MIX, null);
        for (PlaylistTrack track : TRACKS) {
            importer.importItem(ctx, "i:" + track.id(), track, id);
        }
    }

    private static void transfer(Path from, Path to, LocalFolderSettings settings) throws Exception {
        TestImportContext ctx = TestContexts.destination(to, ref -> InputStream.nullInputStream());
        Transfers.copy(new LocalFolderPlaylistExporter(settings), TestContexts.source(from), new LocalFolderPlaylistImporter(settings), ctx);
        assertEquals(List.of(), ctx.notKept()); // the JSON holds every field
    }

    @Test
    public void jsonFolderToFolderIsLosslessAndTheFilesAreIdentical() throws Exception {
        Path a = temp.newFolder("a").toPath();
        Path b = temp.getRoot().toPath().resolve("b");
        Path c = temp.getRoot().toPath().resolve("c");
        LocalFolderSettings settings = new LocalFolderSettings(List.of(), 2);
        importMix(a, settings);

        transfer(a, b, settings);
        transfer(b, c, settings);

        String stem = "Road trip_ _80s_ & _more_";
        for (String extension : List.of(".m3u8", ".xspf")) {
            assertArrayEquals(extension, Files.readAllBytes(b.resolve(stem + extension)), Files.readAllBytes(c.resolve(stem + extension)));
        }
        Transfers.Export<Playlist, PlaylistTrack> export = Transfers.exportAll(new LocalFolderPlaylistExporter(settings), TestContexts.source(c));
        assertEquals(1, export.containers().size());
        Playlist p = export.containers().get(0);
        assertEquals(List.of(MIX.name(), MIX.description(), MIX.publiclyVisible(), MIX.owner()),
                List.of(p.name(), p.description(), p.publiclyVisible(), p.owner()));
        assertEquals(3, export.items().size());
        for (int i = 0; i < TRACKS.size(); i++) {
            PlaylistTrack in = TRACKS.get(i);
            PlaylistTrack out = export.items().get(i);
            assertEquals(List.of(in.position(), String.valueOf(in.isrc()), in.title(), in.artists(), String.valueOf(in.album()),
                            String.valueOf(in.durationMs()), in.providerIds()),
                    List.of(out.position(), String.valueOf(out.isrc()), out.title(), out.artists(), String.valueOf(out.album()),
                            String.valueOf(out.durationMs()), out.providerIds()));
        }
    }

    @Test
    public void m3u8AndXspfBesideTheJsonAreWhatPlayersRead() throws Exception {
        Path root = temp.getRoot().toPath();
        importMix(root, LocalFolderSettings.defaults());
        String stem = "Road trip_ _80s_ & _more_";

        assertEquals("#EXTM3U\n#PLAYLIST:Road trip: <80s> & \"more\"\n"
                        + "#EXTINF:186,The Beatles - Here Comes the Sun\nmusic/Beatles/Here Comes the Sun.flac\n"
                        + "#EXTINF:251,Journey - Don't Stop Believin'\n"
                        + "#EXTINF:-1,Queen, David Bowie - Under Pressure\n",
                Files.readString(root.resolve(stem + ".m3u8"), StandardCharsets.UTF_8));
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document xspf = factory.newDocumentBuilder().parse(root.resolve(stem + ".xspf").toFile());
        assertEquals("http://xspf.org/ns/0/", xspf.getDocumentElement().getNamespaceURI());
        assertEquals("1", xspf.getDocumentElement().getAttribute("version"));
        assertEquals(MIX.name(), xspf.getElementsByTagNameNS("*", "title").item(0).getTextContent());
        assertEquals("For the A7", xspf.getElementsByTagNameNS("*", "annotation").item(0).getTextContent()); // U+0001 cannot be XML
        assertEquals(3, xspf.getElementsByTagNameNS("*", "track").getLength());
        assertEquals("185733", xspf.getElementsByTagNameNS("*", "duration").item(0).getTextContent());
        assertEquals("Queen, David Bowie", xspf.getElementsByTagNameNS("*", "creator").item(3).getTextContent());
    }

    @Test
    public void aRepeatedKeyAddsNoTrack() throws Exception {
        Path root = temp.getRoot().toPath();
        importMix(root, LocalFolderSettings.defaults());
        importMix(root, LocalFolderSettings.defaults()); // the whole import again, same keys

        Transfers.Export<Playlist, PlaylistTrack> export = Transfers.exportAll(
                new LocalFolderPlaylistExporter(LocalFolderSettings.defaults()), TestContexts.source(root));
        assertEquals(1, export.containers().size());
        assertEquals(3, export.items().size());
    }

    @Test
    public void playlistsOfPlayersAreReadWhereThereIsNoJson() throws Exception {
        Path root = temp.getRoot().toPath();
        Files.writeString(root.resolve("Party.m3u8"), "\uFEFF#EXTM3U\r\n#EXTINF:215,Daft Punk - One More Time\r\n"
                + "/music/Daft Punk/01.mp3\r\n# a comment\r\n/music/untagged/track07.ogg\r\n#EXTINF:-1,Radio\r\nhttp://radio.example/stream\r\n",
                StandardCharsets.UTF_8);
        Files.writeString(root.resolve("Jazz.xspf"), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<playlist version=\"1\" xmlns=\"http://xspf.org/ns/0/\"><title>Jazz &amp; more</title><trackList>"
                + "<track><location>file:///music/So%20What.flac</location><title>So What</title><creator>Miles Davis</creator>"
                + "<album>Kind of Blue</album><duration>562000</duration></track><track><title>Naima</title></track></trackList></playlist>",
                StandardCharsets.UTF_8);
        Files.writeString(root.resolve("Broken.xspf"), "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                + "<playlist version=\"1\" xmlns=\"http://xspf.org/ns/0/\"><title>&e;</title></playlist>", StandardCharsets.UTF_8);

        Transfers.Export<Playlist, PlaylistTrack> export = Transfers.exportAll(
                new LocalFolderPlaylistExporter(new LocalFolderSettings(List.of(), 2)), TestContexts.source(root));

        assertEquals(List.of("Jazz.xspf", "Party.m3u8"), export.containers().stream().map(Playlist::id).toList()); // Broken refused
        assertEquals("Jazz & more", export.containers().get(0).name());
        assertEquals("Party", export.containers().get(1).name());
        PlaylistTrack soWhat = export.items().get(0);
        assertEquals(List.of("So What", List.of("Miles Davis"), "Kind of Blue", 562_000L, "file:///music/So%20What.flac"),
                List.of(soWhat.title(), soWhat.artists(), soWhat.album(), soWhat.durationMs(), soWhat.providerIds().get("localfs")));
        List<PlaylistTrack> party = export.items().subList(2, 5);
        assertEquals(List.of("One More Time", "track07", "Radio"), party.stream().map(PlaylistTrack::title).toList());
        assertEquals(List.of("Daft Punk"), party.get(0).artists());
        assertEquals(Long.valueOf(215_000), party.get(0).durationMs());
        assertNull(party.get(1).durationMs());
        assertNull(party.get(0).isrc());
        assertEquals("http://radio.example/stream", party.get(2).providerIds().get("localfs"));
    }

    @Test
    public void tracksComeInPagesThatContinueAfterARestart() throws Exception {
        Path root = temp.getRoot().toPath();
        importMix(root, LocalFolderSettings.defaults());
        LocalFolderSettings settings = new LocalFolderSettings(List.of(), 2);
        String id = new LocalFolderPlaylistExporter(settings).export(TestContexts.source(root), ExportCursor.root()).containers().get(0).id();

        List<String> titles = new ArrayList<>();
        String continuation = null;
        int pages = 0;
        do {
            ExportPage<Playlist, PlaylistTrack> page = new LocalFolderPlaylistExporter(settings)
                    .export(TestContexts.source(root), new ExportCursor(id, continuation));
            page.items().forEach(t -> titles.add(t.title()));
            continuation = page.continuation();
            pages++;
        } while (continuation != null);

        assertEquals(2, pages);
        assertEquals(TRACKS.stream().map(PlaylistTrack::title).toList(), titles);
    }

    @Test
    public void aTrackWithoutPlaylistIsRefused() {
        LocalFolderPlaylistImporter importer = new LocalFolderPlaylistImporter(LocalFolderSettings.defaults());
        ItemRejectedException e = assertThrows(ItemRejectedException.class, () -> importer.importItem(
                TestContexts.destination(temp.getRoot().toPath(), ref -> InputStream.nullInputStream()), "i:x", TRACKS.get(0), null));
        assertTrue(e.getMessage(), e.getMessage().contains("'e1'"));
    }

    private static TestImportContext playerFolder(Path root, String formats) {
        return new TestImportContext(TestContexts.JOB, new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, root.toString(),
                LocalFolderSettings.PLAYLIST_FORMATS, formats)), ref -> InputStream.nullInputStream());
    }

    @Test
    public void playerFilesOnlyReportWhatTheyCannotHold() throws Exception {
        Path root = temp.getRoot().toPath();
        LocalFolderPlaylistImporter importer = new LocalFolderPlaylistImporter(LocalFolderSettings.defaults());
        TestImportContext ctx = playerFolder(root, "m3u8");
        String id = importer.importContainer(ctx, "c:sp:1", MIX, null);
        for (PlaylistTrack track : TRACKS) {
            importer.importItem(ctx, "i:" + track.id(), track, id);
        }
        importer.importItem(ctx, "i:e1", TRACKS.get(0), id); // a retry: nothing added

        assertEquals(List.of("Road trip_ _80s_ & _more_.m3u8"), Files.list(root).map(p -> p.getFileName().toString())
                .filter(n -> !n.startsWith(".")).toList());
        List<String> reported = ctx.notKept().stream().map(n -> n.sourceId() + " " + n.field()).distinct().toList();
        assertEquals(List.of("sp:1 description", "sp:1 owner", "sp:1 publiclyVisible",
                "e1 isrc", "e1 providerIds.spotify", "e1 album", "e1 durationMs",
                "e2 isrc", "e2 album", "e2 durationMs", "e3 artists"), reported);
        assertTrue(ctx.notKept().get(3).reason(), ctx.notKept().get(3).reason().contains("M3U8"));
        // What the folder gives back is what the M3U8 holds, in the source's order.
        List<PlaylistTrack> back = Transfers.exportAll(new LocalFolderPlaylistExporter(LocalFolderSettings.defaults()),
                TestContexts.source(root)).items();
        assertEquals(List.of("Here Comes the Sun", "Don't Stop Believin'", "Under Pressure"), back.stream().map(PlaylistTrack::title).toList());
        assertEquals(List.of("Queen, David Bowie"), back.get(2).artists());
        assertEquals(Long.valueOf(186_000), back.get(0).durationMs());
        assertEquals("music/Beatles/Here Comes the Sun.flac", back.get(0).providerIds().get("localfs"));
    }

    @Test
    public void xspfKeepsAlbumsAndExactDurations() throws Exception {
        Path root = temp.getRoot().toPath();
        LocalFolderPlaylistImporter importer = new LocalFolderPlaylistImporter(LocalFolderSettings.defaults());
        TestImportContext ctx = playerFolder(root, "xspf");
        String id = importer.importContainer(ctx, "c:sp:1", MIX, null);
        for (PlaylistTrack track : TRACKS) {
            importer.importItem(ctx, "i:" + track.id(), track, id);
        }

        assertEquals(List.of("sp:1 publiclyVisible", "e1 isrc", "e1 providerIds.spotify", "e2 isrc", "e3 artists"),
                ctx.notKept().stream().map(n -> n.sourceId() + " " + n.field()).toList());
        List<PlaylistTrack> back = Transfers.exportAll(new LocalFolderPlaylistExporter(LocalFolderSettings.defaults()),
                TestContexts.source(root)).items();
        assertEquals("Abbey Road", back.get(0).album());
        assertEquals(Long.valueOf(185_733), back.get(0).durationMs());
    }

    @Test
    public void unknownPlaylistFormatsAreRefused() {
        LocalFolderPlaylistImporter importer = new LocalFolderPlaylistImporter(LocalFolderSettings.defaults());
        for (String formats : List.of("m3u8,wpl", " , ")) {
            InvalidEndpointException e = assertThrows(formats, InvalidEndpointException.class,
                    () -> importer.validate(playerFolder(temp.getRoot().toPath(), formats).endpoint()));
            assertTrue(e.getMessage(), e.getMessage().contains("'playlistFormats'"));
        }
    }
}
