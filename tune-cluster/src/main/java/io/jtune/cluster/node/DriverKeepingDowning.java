package io.jtune.cluster.node;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.AbstractActorWithTimers;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Props;
import org.apache.pekko.cluster.Cluster;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.DowningProvider;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.Reachability;
import org.apache.pekko.cluster.UniqueAddress;
import org.apache.pekko.remote.artery.ThisActorSystemQuarantinedEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * How a jtune cluster downs its members: the driver is never downed. The driver downs a worker that
 * has been unreachable for {@link #UNREACHABLE_FOR} (as the driver itself sees it, or a worker the
 * driver reaches); a worker downs itself when it has not reached the driver for as long (together
 * with the workers it reaches that lost the driver too, so that side of the split leaves in one
 * step), or when a member quarantined it, and then joins again as a new incarnation.
 *
 * <p>A split brain resolver decides from what every member observed. After a pause of the driver
 * (a long GC pause, a frozen VM) the driver hears from workers that are leaving that they found it
 * unreachable, while it finds them unreachable: to a resolver the driver is then "indirectly
 * connected" (or the cluster "unstable"), and it downs the driver too — the run is lost although
 * nothing failed but a pause. Here only the driver decides about workers it reaches, and a worker
 * only about itself and workers without the driver.
 */
public final class DriverKeepingDowning extends DowningProvider {
    /** How long a member stays unreachable before it is downed. */
    public static final Duration UNREACHABLE_FOR = Duration.ofSeconds(2);
    private static final Duration TICK = Duration.ofMillis(250);

    /** Pekko makes the provider with the actor system ({@code pekko.cluster.downing-provider-class}). */
    public DriverKeepingDowning(ActorSystem system) {
        // the provider holds no state; its actor reads the cluster
    }

    /** A downed member is removed {@link #UNREACHABLE_FOR} later: time for a downed worker that still runs to stop its trials before they start elsewhere. */
    @Override
    public scala.concurrent.duration.FiniteDuration downRemovalMargin() {
        return scala.concurrent.duration.FiniteDuration.apply(UNREACHABLE_FOR.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public Option<Props> downingActorProps() {
        return Option.apply(Props.create(Downer.class, Downer::new));
    }

    /**
     * Who has been unreachable since when, from the observations that count for one member: a
     * driver's own and those of workers it reaches (subjects: every other member); a worker's own
     * of the driver. Pure bookkeeping, fed by {@link Downer}.
     */
    static final class UnreachableSince {
        private final UniqueAddress self;
        private final boolean driver;
        private final Map<UniqueAddress, Long> since = new HashMap<>();

        UnreachableSince(UniqueAddress self, boolean driver) {
            this.self = self;
            this.driver = driver;
        }

        /**
         * Updates from {@code reachability} and the current {@code members} at {@code nanos};
         * returns the members unreachable for at least {@code limit} that this member downs: never
         * the driver, never a member already down; a worker's answer holds itself (with the workers
         * it reaches that lost the driver too) or nothing.
         */
        Set<UniqueAddress> update(Reachability reachability, Iterable<Member> members, long nanos, Duration limit) {
            Map<UniqueAddress, Member> byAddress = new HashMap<>();
            members.forEach(m -> byAddress.put(m.uniqueAddress(), m));
            Set<UniqueAddress> unreachable = new HashSet<>();
            for (Map.Entry<UniqueAddress, scala.collection.immutable.Set<UniqueAddress>> e
                    : CollectionConverters.asJava(reachability.observersGroupedByUnreachable()).entrySet()) {
                Member subject = byAddress.get(e.getKey());
                boolean decides = subject != null && !e.getKey().equals(self) && (driver != subject.hasRole(NodeConfig.DRIVER_ROLE));
                if (!decides) {
                    continue;
                }
                for (UniqueAddress observer : CollectionConverters.asJava(e.getValue())) {
                    if (counts(observer, byAddress.get(observer), reachability)) {
                        unreachable.add(e.getKey());
                        break;
                    }
                }
            }
            since.keySet().retainAll(unreachable);
            unreachable.forEach(u -> since.putIfAbsent(u, nanos));
            Set<UniqueAddress> down = new HashSet<>();
            since.forEach((subject, from) -> {
                Member member = byAddress.get(subject);
                if (nanos - from >= limit.toNanos() && isLive(member)) {
                    if (driver) {
                        down.add(subject);
                    } else {
                        down.add(self);
                        down.addAll(alsoWithout(subject, reachability, byAddress));
                    }
                }
            });
            return down;
        }

        /**
         * The live workers this worker reaches that lost the {@code driverNode} too: they leave with
         * it, in one step, as the side of a split without the driver.
         */
        private Set<UniqueAddress> alsoWithout(UniqueAddress driverNode, Reachability reachability, Map<UniqueAddress, Member> byAddress) {
            Set<UniqueAddress> side = new HashSet<>();
            Option<scala.collection.immutable.Set<UniqueAddress>> observers = reachability.observersGroupedByUnreachable().get(driverNode);
            if (observers.isEmpty()) {
                return side;
            }
            for (UniqueAddress observer : CollectionConverters.asJava(observers.get())) {
                Member worker = byAddress.get(observer);
                if (worker != null && !observer.equals(self) && isLive(worker) && reachability.isReachable(self, observer)) {
                    side.add(observer);
                }
            }
            return side;
        }

        private static boolean isLive(Member member) {
            return member.status() != MemberStatus.down() && member.status() != MemberStatus.exiting();
        }

        /** A driver counts its own observations and those of live workers it reaches; a worker only its own. */
        private boolean counts(UniqueAddress observer, Member member, Reachability reachability) {
            if (observer.equals(self)) {
                return true;
            }
            return driver && member != null && isLive(member) && reachability.isReachable(self, observer);
        }
    }

    /** The downing actor of one member. */
    static final class Downer extends AbstractActorWithTimers {
        private static final Logger LOG = LoggerFactory.getLogger(DriverKeepingDowning.class);
        private static final Object TICK_MESSAGE = "tick";
        private final Cluster cluster = Cluster.get(getContext().getSystem());
        private final boolean driver = cluster.getSelfRoles().contains(NodeConfig.DRIVER_ROLE);
        private final UnreachableSince unreachable = new UnreachableSince(cluster.selfUniqueAddress(), driver);
        private final Set<UniqueAddress> downed = new HashSet<>();
        private Reachability reachability = Reachability.empty();

        @Override
        public void preStart() {
            cluster.subscribe(getSelf(), ClusterEvent.ReachabilityChanged.class);
            getContext().getSystem().eventStream().subscribe(getSelf(), ThisActorSystemQuarantinedEvent.class);
            getTimers().startTimerWithFixedDelay(TICK_MESSAGE, TICK_MESSAGE, TICK);
        }

        @Override
        public void postStop() {
            cluster.unsubscribe(getSelf());
            getContext().getSystem().eventStream().unsubscribe(getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(ClusterEvent.ReachabilityChanged.class, changed -> reachability = changed.reachability())
                    .match(ThisActorSystemQuarantinedEvent.class, this::onQuarantined)
                    .matchEquals(TICK_MESSAGE, tick -> onTick())
                    .build();
        }

        private void onTick() {
            for (UniqueAddress node : unreachable.update(reachability, cluster.state().getMembers(), System.nanoTime(), UNREACHABLE_FOR)) {
                if (downed.add(node)) {
                    if (driver) {
                        LOG.info("downing worker {}: unreachable for {} s", node.address(), UNREACHABLE_FOR.toSeconds());
                    } else if (node.equals(cluster.selfUniqueAddress())) {
                        LOG.warn("this worker did not reach the driver for {} s: it leaves the cluster and joins again", UNREACHABLE_FOR.toSeconds());
                    } else {
                        LOG.warn("worker {} lost the driver too: it leaves the cluster with this one", node.address());
                    }
                    cluster.down(node.address());
                }
            }
        }

        /** A worker quarantined by a member (the driver removed it while it was paused) cannot talk to it again: it leaves and joins anew. */
        private void onQuarantined(ThisActorSystemQuarantinedEvent event) {
            boolean byMember = false;
            for (Member m : cluster.state().getMembers()) {
                byMember |= m.address().equals(event.remoteAddress().address()) && m.uniqueAddress().longUid() == event.remoteAddress().uid();
            }
            if (driver || !byMember || !downed.add(cluster.selfUniqueAddress())) {
                return;
            }
            LOG.warn("this worker was quarantined by {}: it leaves the cluster and joins again", event.remoteAddress().address());
            cluster.down(cluster.selfAddress());
        }
    }
}
