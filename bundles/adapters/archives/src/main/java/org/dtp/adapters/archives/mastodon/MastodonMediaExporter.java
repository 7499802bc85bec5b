package org.dtp.adapters.archives.mastodon;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.ArchivesConfig;
import org.dtp.adapters.archives.social.SocialArchiveMediaExporter;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * Exports the photos and videos of a Mastodon archive's posts as one album, the account's: each with its post's
 * text and time (see {@link SocialArchiveMediaExporter}, {@link MastodonPosts}).
 */
@Component(
        name = "org.dtp.adapters.archives.MastodonMediaExporter",
        service = Exporter.class,
        configurationPid = ArchivesConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=" + MastodonPostExporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + MastodonPostExporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class MastodonMediaExporter extends SocialArchiveMediaExporter {
    @Activate
    public MastodonMediaExporter(ArchivesConfig config) {
        this(ArchiveSettings.of(config));
    }

    public MastodonMediaExporter(ArchiveSettings settings) {
        super(settings, new MastodonPosts(), "archives.mastodon.media", "Photos and videos of the posts in the Mastodon archive");
    }
}
