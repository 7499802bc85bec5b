package org.dtp.notifications;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.InternetAddress;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferDetails;
import org.dtp.transfer.TransferEvent;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferListener;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.TransferService;
import org.dtp.users.ApiTokens;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Tells a transfer's owner when it is created (with its cancel link) and when it ends (with its summary), by e-mail
 * to the address of their API token (or the operator's configured address), and posts each event to the webhook
 * if one is configured. Of a sync's runs the owner is told by e-mail only of those that need them: a run that ended
 * with item errors or failed, or waits for room at its destination; not of each quiet run. A failure (SMTP server down, webhook answering 500) is logged once per event and channel
 * with its reason, never with a password or secret, and never reaches the transfer.
 */
@Component(service = TransferListener.class, configurationPid = NotificationsConfig.PID)
@Designate(ocd = NotificationsConfig.class)
public final class TransferNotifier implements TransferListener {
    private static final Logger LOG = LoggerFactory.getLogger(TransferNotifier.class);

    private final TransferService transfers;
    private final ApiTokens users;
    private final CancelLinks links;
    /** Null when e-mail is off. */
    private final SmtpMailer mailer;
    private final String operatorEmail;
    /** Null when no webhook is configured. */
    private final WebhookPoster webhook;
    /** Secrets to blank out of any failure text before it is logged, in case a server echoed one. */
    private final List<String> secrets;

    @Activate
    public TransferNotifier(@Reference TransferService transfers, @Reference ApiTokens users,
                            @Reference CancelLinks links, NotificationsConfig config) {
        this(transfers, users, links, config.enabled() ? SmtpMailer.of(config) : null, config.operatorEmail().strip(),
                config.webhookUrl().isBlank() ? null : WebhookPoster.of(config),
                List.of(config._smtpPassword(), config._webhookSecret(), config._smtpTrustStorePassword()));
        if (webhook != null && !webhook.signs()) {
            LOG.warn("the webhook {} gets unsigned bodies: configure .webhookSecret", webhook.describe());
        }
    }

    TransferNotifier(TransferService transfers, ApiTokens users, CancelLinks links, SmtpMailer mailer,
                     String operatorEmail, WebhookPoster webhook, List<String> secrets) {
        this.transfers = transfers;
        this.users = users;
        this.links = links;
        this.mailer = mailer;
        this.operatorEmail = operatorEmail;
        this.webhook = webhook;
        this.secrets = secrets.stream().filter(s -> s != null && !s.isEmpty()).toList();
    }

    @Override
    public void transferChanged(TransferEvent event) {
        if (mailer != null) {
            mail(event);
        }
        if (webhook != null) {
            post(event);
        }
    }

    /** Whether the event of a sync's run is news for its owner: not its start, nor its quiet end. */
    static boolean newsOfASyncRun(TransferEvent event) {
        return switch (event.kind()) {
            case CREATED -> false;
            case WAITING -> true;
            case ENDED -> event.job().state() == JobState.FAILED || event.job().state() == JobState.COMPLETED_WITH_ERRORS;
        };
    }

    private void mail(TransferEvent event) {
        TransferJob job = event.job();
        if (job.syncId() != null && !newsOfASyncRun(event)) {
            LOG.debug("transfer {}, a run of sync {}: {} {}, no mail", job.id(), job.syncId(), event.kind(), job.state());
            return;
        }
        String kind = switch (event.kind()) {
            case CREATED -> "was created";
            case ENDED -> "ended";
            case WAITING -> "is waiting for room at its destination";
        };
        try {
            Optional<InternetAddress> to = recipient(job.owner());
            if (to.isEmpty()) {
                LOG.debug("transfer {} {}: its owner {} has no e-mail address", job.id(), kind, job.owner());
                return;
            }
            TransferMessages.Mail mail = switch (event.kind()) {
                case CREATED -> TransferMessages.created(job, links.linkFor(job), links.expiryOf(job), links.apiUrlOf(job.id()));
                case ENDED -> TransferMessages.ended(detailsOf(job), links.apiUrlOf(job.id()));
                case WAITING -> TransferMessages.waiting(job, links.apiUrlOf(job.id()));
            };
            mailer.send(to.get(), mail.subject(), mail.body());
            LOG.info("e-mailed the owner {} of transfer {} that it {}", job.owner(), job.id(), kind);
        } catch (MessagingException | RuntimeException e) {
            LOG.warn("could not e-mail the owner {} of transfer {} that it {} through {}: {}", job.owner(), job.id(),
                    kind, mailer, redact(reason(e)));
        }
    }

    private void post(TransferEvent event) {
        TransferJob job = event.job();
        String kind = event.kind().name().toLowerCase(Locale.ROOT);
        try {
            webhook.post(event);
        } catch (WebhookPoster.WebhookException | RuntimeException e) {
            LOG.warn("the webhook {} did not take the event {} of transfer {}: {}", webhook.describe(), kind, job.id(),
                    redact(reason(e)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.warn("the webhook {} did not get the event {} of transfer {}: interrupted", webhook.describe(), kind, job.id());
        }
    }

    /** The job with its errors and fidelity report; just the job if its details went (purged) meanwhile. */
    private TransferDetails detailsOf(TransferJob job) {
        return transfers.details(job.id()).map(d -> new TransferDetails(job, d.containers(), d.errors(), d.history(), d.fidelity()))
                .orElseGet(() -> new TransferDetails(job, List.of(), List.of(), List.of()));
    }

    private Optional<InternetAddress> recipient(String owner) {
        Optional<String> address = TransferRequest.OPERATOR.equals(owner)
                ? Optional.of(operatorEmail).filter(a -> !a.isEmpty())
                : users.email(owner);
        return address.map(a -> SmtpMailer.address(a, "the e-mail address of " + owner));
    }

    /** The exception's message and those of its causes (Angus nests the socket's failure). */
    private static String reason(Throwable e) {
        StringBuilder reason = new StringBuilder();
        for (Throwable t = e; t != null && reason.length() < 1000; t = t.getCause()) {
            if (!reason.isEmpty()) {
                reason.append(": ");
            }
            reason.append(t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage().strip());
        }
        return reason.toString();
    }

    private String redact(String text) {
        String redacted = text;
        for (String secret : secrets) {
            redacted = redacted.replace(secret, "***");
        }
        return redacted;
    }
}
