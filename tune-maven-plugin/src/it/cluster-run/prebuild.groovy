// Starts a cluster worker with mvn tune:worker (same settings and repositories as this build), on a free port of 127.0.0.1,
// and waits until it has compiled the project and joins; writes the address the two builds of this project run their driver on.
import java.util.concurrent.TimeUnit

def port = new ServerSocket(0).withCloseable { it.localPort }
new File(basedir, 'cluster.properties').text = "jtune.cluster=127.0.0.1:${port}\njtune.cluster.insecure=true\n"

def mainRepository = System.getProperty('maven.repo.local') ?: new File(System.getProperty('user.home'), '.m2/repository').path
def settings = new File(basedir, 'worker-settings.xml')
settings.text = new File(basedir, '../../../src/it/settings.xml').text.replace('@localRepositoryUrl@', new File(mainRepository).toURI().toString())
def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').path
def log = new File(basedir, 'worker.log')
def worker = new ProcessBuilder(mvn, '-B', '-s', settings.path, "-Dmaven.repo.local=${localRepositoryPath}", 'tune:worker',
        "-Djtune.join=127.0.0.1:${port}", '-Djtune.cluster.insecure=true', '-Djtune.worker.drivers=2', '-Djtune.worker.joinTimeout=120')
        .directory(basedir).redirectErrorStream(true).redirectOutput(log).start()
new File(basedir, 'worker.pid').text = worker.pid().toString()

long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240)
while (!log.text.contains('waiting for the driver at 127.0.0.1:' + port)) {
    if (!worker.alive) {
        throw new IllegalStateException("the worker ended before joining:\n" + log.text)
    }
    if (System.nanoTime() > deadline) {
        worker.destroyForcibly()
        throw new IllegalStateException("the worker did not start within 240 s:\n" + log.text)
    }
    Thread.sleep(200)
}
return true
