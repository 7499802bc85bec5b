package org.dtp.adapters.archives.mastodon;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.ArchivesConfig;
import org.dtp.adapters.archives.social.SocialArchiveExporter;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * Exports the posts and boosts of a Mastodon archive as one feed, the account's, each post with its text, time,
 * language, the post it answers, hashtags, mentions and media (see {@link MastodonPosts}).
 */
@Component(
        name = "org.dtp.adapters.archives.MastodonPostExporter",
        service = Exporter.class,
        configurationPid = ArchivesConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=" + MastodonPostExporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + MastodonPostExporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=SOCIAL"})
public final class MastodonPostExporter extends SocialArchiveExporter {
    public static final String PROVIDER = "mastodon-archive";
    static final String PROVIDER_NAME = "Mastodon archive";

    @Activate
    public MastodonPostExporter(ArchivesConfig config) {
        this(ArchiveSettings.of(config));
    }

    public MastodonPostExporter(ArchiveSettings settings) {
        super(settings, new MastodonPosts(), "archives.mastodon.posts");
    }
}
