package ${package};

import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Settings are checked before a transfer is created, with a message that says what to fix. */
public class FolderSettingsTest {
    @Rule
    public final TemporaryFolder folders = new TemporaryFolder();

    @Test
    public void aMissingFolderSettingIsNamed() {
        InvalidEndpointException e = assertThrows(InvalidEndpointException.class,
                () -> new FolderExporter(2).validate(new TransferEndpoint("${provider}", Map.of())));
        assertTrue(e.getMessage(), e.getMessage().contains("'" + FolderStore.FOLDER + "'"));
    }

    @Test
    public void aFolderThatDoesNotExistIsRefused() throws Exception {
        String missing = folders.getRoot().toPath().resolve("missing").toString();
        InvalidEndpointException e = assertThrows(InvalidEndpointException.class,
                () -> new FolderImporter().validate(new TransferEndpoint("${provider}", Map.of(FolderStore.FOLDER, missing))));
        assertTrue(e.getMessage(), e.getMessage().contains("does not exist"));
    }

    @Test
    public void anExistingFolderIsAccepted() throws Exception {
        TransferEndpoint ok = new TransferEndpoint("${provider}", Map.of(FolderStore.FOLDER, folders.newFolder().getPath()));
        new FolderExporter(2).validate(ok);
        new FolderImporter().validate(ok);
        assertEquals(32, FolderStore.idOf("item:1").length());
    }
}
