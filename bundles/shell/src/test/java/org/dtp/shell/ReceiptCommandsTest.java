package org.dtp.shell;

import org.apache.karaf.shell.support.CommandException;
import org.dtp.receipts.ItemCheck;
import org.dtp.receipts.ReceiptCheck;
import org.dtp.receipts.Receipts;
import org.dtp.receipts.VerificationException;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.ReportPage;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** dtp:receipt, dtp:receipt-check, dtp:receipt-keys and dtp:verify. */
public class ReceiptCommandsTest {
    private static final UUID ENDED = UUID.fromString("00000000-0000-4000-8000-000000000001");
    private static final UUID RUNNING = UUID.fromString("00000000-0000-4000-8000-000000000002");

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private final List<String> keys = new ArrayList<>(List.of("k1"));
    private final List<Map<String, String>> secretsGiven = new ArrayList<>();

    private final Receipts receipts = new Receipts() {
        @Override
        public String keySet() {
            return "{\"keys\":[]}";
        }

        @Override
        public List<String> keyIds() {
            return keys;
        }

        @Override
        public String currentKeyId() {
            return keys.get(0);
        }

        @Override
        public String rotateKey() {
            keys.add(0, "k" + (keys.size() + 1));
            return keys.get(0);
        }

        @Override
        public void write(UUID transfer, OutputStream out) throws IllegalJobStateException, java.io.IOException {
            if (transfer.equals(RUNNING)) {
                throw new IllegalJobStateException("transfer " + transfer + " is RUNNING; its receipt is made when it has ended");
            }
            out.write("header.payload.signature".getBytes(StandardCharsets.US_ASCII));
        }

        @Override
        public ReceiptCheck check(String jws) {
            return jws.equals("header.payload.signature") ? ReceiptCheck.valid("k1", ENDED.toString())
                    : ReceiptCheck.invalid("k1", "the signature does not match the receipt");
        }
    };

    private static void assertContains(String output, String... parts) {
        for (String part : parts) {
            assertTrue("missing '" + part + "' in:\n" + output, output.contains(part));
        }
    }

    @Test
    public void aReceiptIsWrittenToAFileAndCheckedFromIt() throws Exception {
        Path file = folder.getRoot().toPath().resolve("r.jws");
        ReceiptCommand receipt = new ReceiptCommand();
        receipt.receipts = receipts;
        receipt.id = ENDED.toString();
        receipt.file = file.toString();
        assertContains(Console.run(receipt::execute), "written to " + file, "key k1");
        assertEquals("header.payload.signature", Files.readString(file));

        ReceiptCheckCommand check = new ReceiptCheckCommand();
        check.receipts = receipts;
        check.file = file.toString();
        assertContains(Console.run(check::execute), "Valid: the receipt of transfer " + ENDED);
        Files.writeString(file, "header.payl0ad.signature");
        assertContains(assertThrows(CommandException.class, check::execute).getMessage(), "Not valid: the signature does not match");
    }

    @Test
    public void aRunningTransferHasNoReceiptYet() {
        ReceiptCommand receipt = new ReceiptCommand();
        receipt.receipts = receipts;
        receipt.id = RUNNING.toString();
        assertContains(assertThrows(CommandException.class, receipt::execute).getMessage(), "when it has ended");
    }

    @Test
    public void keysAreListedAndARotationSignsFromThenOn() throws Exception {
        ReceiptKeysCommand command = new ReceiptKeysCommand();
        command.receipts = receipts;
        command.rotate = true;
        String output = Console.run(command::execute);
        assertContains(output, "Receipt signing key k2 signs receipts from now on", "k2  (signs)", "k1\n");
    }

    private VerifyCommand verify(List<String> settings) {
        VerifyCommand command = new VerifyCommand();
        command.id = ENDED.toString();
        command.limit = 2;
        command.session = Sessions.answering("typed-secret");
        command.destinationSettings = settings;
        command.verification = (id, secrets, offset, limit) -> {
            secretsGiven.add(secrets);
            if (secrets.isEmpty()) {
                throw new VerificationException("the destination's settings are refused: no password");
            }
            return new ReportPage<>(5, offset, limit, List.of(
                    new ItemCheck("a", "Photos/a.jpg", ItemCheck.Status.MISSING, "the destination has nothing under this id"),
                    new ItemCheck("b", "Photos/b.jpg", ItemCheck.Status.CHANGED, "media SHA-256 is 12 at the destination, 34 in the receipt")));
        };
        return command;
    }

    @Test
    public void verifyShowsAPageAndTheNextWithoutRepeatingTheSecret() throws Exception {
        String output = Console.run(verify(List.of("password"))::execute);
        assertContains(output, "MISSING", "Photos/a.jpg", "CHANGED", "Items 1-2 of 5; next: dtp:verify " + ENDED
                + " --offset 2 --limit 2 -d password");
        assertFalse(output, output.contains("typed-secret"));
        assertEquals(List.of(Map.of("password", "typed-secret")), secretsGiven);
    }

    @Test
    public void verifySaysWhyTheDestinationCannotBeRead() {
        assertContains(assertThrows(CommandException.class, verify(null)::execute).getMessage(), "no password");
    }
}
