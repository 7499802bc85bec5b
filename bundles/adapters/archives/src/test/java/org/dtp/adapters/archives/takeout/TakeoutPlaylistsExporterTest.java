package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.TestArchive;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** Takeout's YouTube playlists, in the older and the newer CSV layout (see the test README). */
public class TakeoutPlaylistsExporterTest {
    static final String PLAYLISTS = "Takeout/YouTube and YouTube Music/playlists/";
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private ExportWalk<Playlist, PlaylistTrack> walk(TestArchive archive) throws Exception {
        Path zip = archive.writeZip(temp.getRoot().toPath().resolve("takeout.zip"));
        return ExportWalk.of(new TakeoutPlaylistsExporter(Takeout.settings(2)),
                new TestTransferContext(UUID.randomUUID(), Takeout.endpoint(zip)));
    }

    private static List<String> videoIds(List<PlaylistTrack> tracks) {
        return tracks.stream().map(t -> t.providerIds().get(PlaylistsCatalog.YOUTUBE)).toList();
    }

    @Test
    public void newerExportsListPlaylistsInPlaylistsCsvAndTheirVideosInOneFileEach() throws Exception {
        ExportWalk<Playlist, PlaylistTrack> walk = walk(new TestArchive()
                .add(PLAYLISTS + "Road trip, 2024-videos.csv", "Video ID,Playlist Video Creation Timestamp\r\n"
                        + "dQw4w9WgXcQ,2024-03-01T10:00:00+00:00\r\nkJQP7kiw5Fk,2024-03-01T10:01:00+00:00\r\n"
                        + "9bZkp7q19f0,2024-03-02T08:00:00+00:00\r\ndQw4w9WgXcQ,2024-03-03T08:00:00+00:00\r\n")
                .add(PLAYLISTS + "Watch later-videos.csv", "Video ID,Playlist Video Creation Timestamp\r\njNQXAC9IVRw,2024-01-15T08:00:00+00:00\r\n")
                .add(PLAYLISTS + "playlists.csv", "Playlist ID,Add new videos to top,Playlist Title (Original),"
                        + "Playlist Title (Original) Language,Playlist Create Timestamp,Playlist Update Timestamp,"
                        + "Playlist Video Order,Playlist Visibility\r\n"
                        + "PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf,False,\"Road trip, 2024\",,2024-03-01T10:00:00+00:00,"
                        + "2024-03-03T08:00:00+00:00,Manual,Public\r\n"
                        + "PLrAXtmErZgOdP_8GztsuKi9nrraNbKKp4,False,Empty one,,2024-03-01T10:00:00+00:00,"
                        + "2024-03-01T10:00:00+00:00,Manual,Private\r\n"));
        assertEquals(List.of("Road trip, 2024", "Watch later", "Empty one"), walk.containers().stream().map(Playlist::name).toList());
        Playlist trip = walk.containers().get(0);
        assertEquals("PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf", trip.id());
        assertTrue(trip.publiclyVisible());
        assertFalse(walk.containers().get(2).publiclyVisible());
        List<PlaylistTrack> tracks = walk.items().get(trip.id());
        assertEquals(List.of("dQw4w9WgXcQ", "kJQP7kiw5Fk", "9bZkp7q19f0", "dQw4w9WgXcQ"), videoIds(tracks));
        assertEquals(List.of(0, 1, 2, 3), tracks.stream().map(PlaylistTrack::position).toList());
        assertEquals(List.of("jNQXAC9IVRw"), videoIds(walk.items().get(walk.containers().get(1).id())));
    }

    @Test
    public void olderExportsHoldThePlaylistsRowAndItsVideosInOneFile() throws Exception {
        ExportWalk<Playlist, PlaylistTrack> walk = walk(new TestArchive()
                .add("Takeout/YouTube/playlists/Favorites.csv", "Playlist Id,Add new videos to top,Description,Last modified,Title,Visibility\n"
                        + "FLx0Gcb3hXJqmAdyLwCyuHZQ,False,Best of,2019-06-30T11:21:09+00:00,Favorites,Private\n"
                        + "\n"
                        + "Video Id,Time Added\n"
                        + "QH2-TGUlwu4 ,2019-06-30 11:21:09 UTC\n"
                        + "nfWlot6h_JM ,2019-05-02 07:00:00 UTC\n"));
        Playlist favorites = walk.containers().get(0);
        assertEquals("FLx0Gcb3hXJqmAdyLwCyuHZQ", favorites.id());
        assertEquals("Favorites", favorites.name());
        assertEquals("Best of", favorites.description());
        assertEquals(List.of("QH2-TGUlwu4", "nfWlot6h_JM"), videoIds(walk.items().get(favorites.id())));
        assertEquals(Map.of(PlaylistsCatalog.YOUTUBE, "QH2-TGUlwu4"), walk.items().get(favorites.id()).get(0).providerIds());
    }
}
