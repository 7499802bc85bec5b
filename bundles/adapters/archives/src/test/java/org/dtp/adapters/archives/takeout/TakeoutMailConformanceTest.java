package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.TestArchive;
import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.conformance.SampleData;
import org.dtp.models.Vertical;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.spi.Exporter;
import org.dtp.spi.TransferEndpoint;
import org.junit.Rule;
import org.junit.rules.TemporaryFolder;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.dtp.adapters.archives.takeout.Takeout.PART_1;
import static org.dtp.adapters.archives.takeout.Takeout.PART_2;

/**
 * The SPI conformance kit on the Takeout Mail exporter (export only): each account is a folder with a Takeout part
 * holding {@code Takeout/Mail/All mail Including Spam and Trash.mbox}, each sample message after a Gmail "From " line
 * with its folder as {@code X-Gmail-Labels}, as Takeout writes them; two items a page. The large message (64 MiB) has
 * no labels header, so that its bytes are the sample's exactly: it is exported at the root and streamed out of the
 * zip in bounded memory.
 */
public class TakeoutMailConformanceTest extends AdapterConformanceTest<MailFolder, MailMessage> {
    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    @Override
    protected Vertical vertical() {
        return Vertical.MAIL;
    }

    @Override
    protected TransferEndpoint newAccount() throws Exception {
        return Takeout.endpoint(temp.newFolder().toPath());
    }

    @Override
    protected void seed(TransferEndpoint account, SampleData<MailFolder, MailMessage> data) throws Exception {
        List<Piece> pieces = new ArrayList<>();
        int n = 0;
        for (SampleData.Box<MailFolder, MailMessage> box : data.boxes()) {
            for (MailMessage message : box.items()) {
                String labels = box.container().name().equals("Large") ? ""
                        : "X-GM-THRID: 17900000000000000" + (10 + n) + "\r\nX-Gmail-Labels: " + box.container().name() + ",Opened\r\n";
                pieces.add(Piece.of("From 17900000000000000" + (10 + n++) + "@xxx Mon Jan 02 10:00:00 +0000 2023\r\n" + labels));
                pieces.add(new Piece(message.raw().size(), () -> data.open(message.raw())));
                pieces.add(Piece.of("\r\n"));
            }
        }
        long size = pieces.stream().mapToLong(Piece::size).sum();
        new TestArchive().add(TakeoutMailExporterTest.MBOX, size,
                        () -> new SequenceInputStream(Collections.enumeration(pieces.stream().map(Piece::open).toList())))
                .writeZip(folder(account).resolve(PART_1));
    }

    /** A part of the mbox: its size, and its bytes opened when the zip is written. */
    private record Piece(long size, TestArchive.Bytes bytes) {
        static Piece of(String text) {
            byte[] b = text.getBytes(StandardCharsets.UTF_8);
            return new Piece(b.length, () -> new ByteArrayInputStream(b));
        }

        InputStream open() {
            try {
                return bytes.open();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A second part whose mbox entry climbs out of the archive. */
    @Override
    protected String seedUnreadable(TransferEndpoint account, SampleData<MailFolder, MailMessage> data) throws Exception {
        new TestArchive().add("Takeout/Mail/../../escape.mbox", "From x Mon Jan 02 10:00:00 +0000 2023\r\nSubject: x\r\n\r\nx\r\n")
                .writeZip(folder(account).resolve(PART_2));
        return "escape.mbox";
    }

    @Override
    protected Exporter<MailFolder, MailMessage> newExporter() {
        return new TakeoutMailExporter(Takeout.settings(2));
    }

    private static Path folder(TransferEndpoint account) {
        return Path.of(account.settings().get("path"));
    }
}
