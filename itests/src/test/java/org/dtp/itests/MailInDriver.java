package org.dtp.itests;

import com.icegreen.greenmail.imap.ImapConstants;
import com.icegreen.greenmail.imap.ImapHostManager;
import com.icegreen.greenmail.store.MailFolder;
import com.icegreen.greenmail.store.StoredMessage;
import com.icegreen.greenmail.user.GreenMailUser;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import com.sun.net.httpserver.HttpServer;
import jakarta.mail.Flags;
import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import org.ops4j.pax.exam.Option;

import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.Random;

import static org.ops4j.pax.exam.CoreOptions.systemProperty;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;

/**
 * A real IMAP server (GreenMail) for in-container tests, started in the test driver's JVM from
 * {@code @Configuration} like {@link SmugMugInDriver}. User "ann" has messages in INBOX and in nested folders;
 * "bob" starts empty. Because the container cannot call GreenMail, a small HTTP endpoint on loopback answers
 * {@code GET /mailbox/USER} with one line per message, "folder TAB sha256-of-its-bytes TAB flags", sorted: what a
 * test compares between source and destination. Only compile-time constants of this class may be used in the
 * container (the container has no GreenMail).
 */
final class MailInDriver {
    static final String PORT = "dtp.itest.imap.port";
    static final String INSPECT = "dtp.itest.imap.inspect";
    static final String PASSWORD_PROPERTY = "dtp.itest.imap.password";
    /** The accounts' password, made up per run; the container reads it from {@link #PASSWORD_PROPERTY}. */
    private static final String PASSWORD = "pw-" + Long.toHexString(new Random().nextLong());

    private static GreenMail greenMail;
    private static HttpServer inspector;

    private MailInDriver() {
    }

    static synchronized Option[] options(int messagesPerFolder) {
        try {
            if (greenMail == null) {
                greenMail = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_IMAP));
                greenMail.start();
                GreenMailUser ann = greenMail.setUser("ann", "ann", PASSWORD);
                greenMail.setUser("bob", "bob", PASSWORD);
                seed(ann, messagesPerFolder);
                inspector = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
                inspector.createContext("/mailbox/", exchange -> {
                    String user = exchange.getRequestURI().getPath().substring("/mailbox/".length());
                    byte[] body;
                    int status = 200;
                    try {
                        body = String.join("\n", listing(user)).getBytes(StandardCharsets.UTF_8);
                    } catch (Exception e) {
                        status = 500;
                        body = String.valueOf(e).getBytes(StandardCharsets.UTF_8);
                    }
                    exchange.sendResponseHeaders(status, body.length);
                    exchange.getResponseBody().write(body);
                    exchange.close();
                });
                inspector.start();
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot start GreenMail for the itests", e);
        }
        return new Option[] {
            editConfigurationFilePut("etc/org.dtp.adapters.imap.cfg", "allowPlaintextLogin", "true"),
            editConfigurationFilePut("etc/org.dtp.adapters.imap.cfg", "pageSize", "20"),
            systemProperty(PASSWORD_PROPERTY).value(PASSWORD),
            systemProperty(PORT).value(Integer.toString(greenMail.getImap().getPort())),
            systemProperty(INSPECT).value("http://127.0.0.1:" + inspector.getAddress().getPort() + "/mailbox/"),
        };
    }

    private static void seed(GreenMailUser ann, int perFolder) throws Exception {
        ImapHostManager imap = greenMail.getManagers().getImapHostManager();
        MailFolder inbox = imap.getInbox(ann);
        MailFolder archive = imap.createMailbox(ann, "Archive");
        MailFolder year = imap.createMailbox(ann, "Archive.2025");
        Session session = Session.getInstance(new Properties());
        Random random = new Random(7);
        int n = 0;
        for (MailFolder folder : List.of(inbox, archive, year)) {
            for (int i = 0; i < perFolder; i++, n++) {
                MimeMessage m = new MimeMessage(session);
                m.setFrom(new InternetAddress("carol@example.org", "Carol Ça"));
                m.setRecipients(MimeMessage.RecipientType.TO, "ann@example.org");
                m.setSubject("Message " + n + " — grüße", "UTF-8");
                m.setSentDate(new Date(1_700_000_000_000L + n * 60_000L));
                MimeBodyPart text = new MimeBodyPart();
                text.setText("Hello " + n + ",\nFrom the start of a line.\n", "ISO-8859-1");
                MimeBodyPart attachment = new MimeBodyPart();
                byte[] data = new byte[2000 + random.nextInt(30_000)];
                random.nextBytes(data);
                attachment.setContent(data, "application/octet-stream");
                attachment.setFileName("data-" + n + ".bin");
                m.setContent(new MimeMultipart(text, attachment));
                m.setHeader("Message-ID", "<m" + n + "@itest.dtp>");
                m.saveChanges();
                Flags flags = new Flags();
                if (n % 3 == 0) {
                    flags.add(Flags.Flag.SEEN);
                }
                if (n % 5 == 0) {
                    flags.add(Flags.Flag.FLAGGED);
                }
                folder.appendMessage(m, flags, new Date(1_700_000_000_000L + n * 60_000L));
            }
        }
    }

    /** One line per message of {@code user}: folder (relative to the user), SHA-256 of its bytes, its system flags. */
    private static List<String> listing(String user) throws Exception {
        ImapHostManager imap = greenMail.getManagers().getImapHostManager();
        GreenMailUser account = greenMail.getUserManager().getUser(user);
        List<String> lines = new ArrayList<>();
        for (MailFolder folder : imap.listMailboxes(account, "*")) {
            // Full names are "#mail.<user id>.<folder path>": the path is what both accounts share.
            String name = folder.getFullName().split(java.util.regex.Pattern.quote(
                    String.valueOf(ImapConstants.HIERARCHY_DELIMITER_CHAR)), 3)[2];
            for (StoredMessage message : folder.getMessages()) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                message.getMimeMessage().writeTo(bytes);
                String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes.toByteArray()));
                Flags flags = message.getFlags();
                lines.add(name + "\t" + sha + "\t" + (flags.contains(Flags.Flag.SEEN) ? "S" : "-")
                        + (flags.contains(Flags.Flag.FLAGGED) ? "F" : "-"));
            }
        }
        lines.sort(null);
        return lines;
    }
}
