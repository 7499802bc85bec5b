package org.dtp.notifications;

import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.junit.Test;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertTrue;

public class TransferMessagesTest {
    @Test
    public void aTransferWaitingForRoomTellsItsOwnerWhyWhenAndWhatToDo() {
        Instant now = Instant.parse("2026-12-05T10:00:00Z");
        String reason = "destination full: cannot write 'a.jpg' to /backup: No space left on device; trying again at 2026-12-05T10:15:00Z";
        TransferJob job = new TransferJob(UUID.randomUUID(), Vertical.MEDIA, new TransferEndpoint("localfs", Map.of()),
                new TransferEndpoint("localfs", Map.of()), JobState.PAUSED, reason, now, now, 11, 1100, 0, null, null, "ann", null);

        TransferMessages.Mail mail = TransferMessages.waiting(job, "https://dtp.example.org/api/v1/transfers/" + job.id());

        assertTrue(mail.subject(), mail.subject().startsWith("Transfer paused, destination full: "));
        assertTrue(mail.body(), mail.body().contains(reason));
        assertTrue(mail.body(), mail.body().contains("11 copied so far"));
        assertTrue(mail.body(), mail.body().contains("POST https://dtp.example.org/api/v1/transfers/" + job.id() + "/resume"));
    }
}
