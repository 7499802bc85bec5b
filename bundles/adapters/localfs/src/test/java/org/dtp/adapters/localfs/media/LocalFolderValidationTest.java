package org.dtp.adapters.localfs.media;

import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class LocalFolderValidationTest {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private Path base;

    @Before
    public void setUp() {
        base = temp.getRoot().toPath();
    }

    private static void assertNames(InvalidEndpointException e, Object path) {
        assertTrue(e.getMessage(), e.getMessage().contains(path.toString()));
    }

    @Test
    public void exporterNeedsAnExistingFolder() {
        Path missing = base.resolve("missing");
        InvalidEndpointException e = assertThrows(InvalidEndpointException.class,
                () -> Adapters.exporter().validate(TestContexts.endpoint(missing)));
        assertNames(e, missing);
        assertTrue(e.getMessage().contains("does not exist"));
    }

    @Test
    public void exporterRefusesAFile() throws Exception {
        Path file = Files.writeString(base.resolve("file.jpg"), "x");
        assertNames(assertThrows(InvalidEndpointException.class,
                () -> Adapters.exporter().validate(TestContexts.endpoint(file))), file);
    }

    @Test
    public void exporterAcceptsAnExistingFolder() throws Exception {
        Adapters.exporter().validate(TestContexts.endpoint(base));
    }

    @Test
    public void pathSettingIsRequired() {
        InvalidEndpointException e = assertThrows(InvalidEndpointException.class,
                () -> Adapters.exporter().validate(new TransferEndpoint("localfs", Map.of())));
        assertTrue(e.getMessage(), e.getMessage().contains("'path'"));
    }

    @Test
    public void relativePathIsRefused() {
        InvalidEndpointException e = assertThrows(InvalidEndpointException.class,
                () -> Adapters.importer().validate(new TransferEndpoint("localfs", Map.of("path", "photos/2011"))));
        assertNames(e, "photos/2011");
    }

    @Test
    public void importerAcceptsAFolderItCanCreate() throws Exception {
        Adapters.importer().validate(TestContexts.endpoint(base.resolve("new")));
    }

    @Test
    public void importerNeedsTheParentOfAMissingFolder() {
        Path deep = base.resolve("no/such/folder");
        InvalidEndpointException e = assertThrows(InvalidEndpointException.class,
                () -> Adapters.importer().validate(TestContexts.endpoint(deep)));
        assertNames(e, deep);
    }

    @Test
    public void pathOutsideTheAllowedRootsIsRefused() throws Exception {
        Path allowed = Files.createDirectories(base.resolve("allowed"));
        Path other = Files.createDirectories(base.resolve("allowed-not")); // a name prefix is not a folder prefix
        LocalFolderSettings settings = new LocalFolderSettings(List.of(allowed), 100);

        assertNames(assertThrows(InvalidEndpointException.class,
                () -> new LocalFolderMediaExporter(settings).validate(TestContexts.endpoint(other))), other);
        assertNames(assertThrows(InvalidEndpointException.class,
                () -> new LocalFolderMediaImporter(settings).validate(TestContexts.endpoint(other))), other);
        assertThrows(InvalidEndpointException.class,
                () -> new LocalFolderMediaImporter(settings).validate(TestContexts.endpoint(allowed.resolve("../allowed-not"))));
    }

    @Test
    public void pathOutsideTheAllowedRootsIsRefusedAtExportTimeToo() throws Exception {
        Path other = Files.createDirectories(base.resolve("other"));
        LocalFolderSettings settings = new LocalFolderSettings(List.of(base.resolve("allowed")), 100);
        assertThrows(InvalidEndpointException.class,
                () -> new LocalFolderMediaExporter(settings).export(TestContexts.source(other), ExportCursor.root()));
    }

    @Test
    public void pathInsideAnAllowedRootIsAccepted() throws Exception {
        Path allowed = Files.createDirectories(base.resolve("allowed"));
        Path photos = Files.createDirectories(allowed.resolve("alice/photos"));
        LocalFolderSettings settings = new LocalFolderSettings(List.of(base.resolve("elsewhere"), allowed), 100);

        new LocalFolderMediaExporter(settings).validate(TestContexts.endpoint(photos));
        new LocalFolderMediaImporter(settings).validate(TestContexts.endpoint(allowed.resolve("alice/new")));
    }

    @Test
    public void linkOutOfAnAllowedRootIsRefused() throws Exception {
        Path allowed = Files.createDirectories(base.resolve("allowed"));
        Path secret = Files.createDirectories(base.resolve("secret"));
        Path link = Files.createSymbolicLink(allowed.resolve("link"), secret);
        LocalFolderSettings settings = new LocalFolderSettings(List.of(allowed), 100);

        assertThrows(InvalidEndpointException.class,
                () -> new LocalFolderMediaExporter(settings).validate(TestContexts.endpoint(link)));
        assertThrows(InvalidEndpointException.class,
                () -> new LocalFolderMediaImporter(settings).validate(TestContexts.endpoint(link.resolve("new"))));
    }

    @Test
    public void configurationListsRootsPageSizeSyncAndChangeTimeMargin() {
        LocalFolderConfig config = new LocalFolderConfig() {
            @Override
            public Class<? extends java.lang.annotation.Annotation> annotationType() {
                return LocalFolderConfig.class;
            }

            @Override
            public String[] allowedRoots() {
                return new String[]{"/srv/photos, /home", ""};
            }

            @Override
            public int pageSize() {
                return 25;
            }

            @Override
            public boolean syncToDisk() {
                return false;
            }

            @Override
            public int changeTimeMarginSeconds() {
                return 30;
            }
        };
        LocalFolderSettings settings = LocalFolderSettings.of(config);
        assertEquals(List.of(Path.of("/srv/photos"), Path.of("/home")), settings.allowedRoots());
        assertEquals(25, settings.pageSize());
        assertEquals(false, settings.syncToDisk());
        assertEquals(java.time.Duration.ofSeconds(30), settings.changeTimeMargin());
    }
}
