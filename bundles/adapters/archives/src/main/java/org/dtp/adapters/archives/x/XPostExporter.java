package org.dtp.adapters.archives.x;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.ArchivesConfig;
import org.dtp.adapters.archives.social.SocialArchiveExporter;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * Exports the posts of an X (Twitter) archive as one feed, the account's, each post with its text (links expanded),
 * time, language, the post it answers or quotes, hashtags, mentions and its photos and videos (see {@link XPosts}).
 */
@Component(
        name = "org.dtp.adapters.archives.XPostExporter",
        service = Exporter.class,
        configurationPid = ArchivesConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=" + XPostExporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + XPostExporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=SOCIAL"})
public final class XPostExporter extends SocialArchiveExporter {
    public static final String PROVIDER = "x-archive";
    static final String PROVIDER_NAME = "X (Twitter) archive";

    @Activate
    public XPostExporter(ArchivesConfig config) {
        this(ArchiveSettings.of(config));
    }

    public XPostExporter(ArchiveSettings settings) {
        super(settings, new XPosts(), "archives.x.posts");
    }
}
